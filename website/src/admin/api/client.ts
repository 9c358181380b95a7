import type { z } from 'zod';
import type { AdminPlatform, AdminRequestInit } from '../platform';

/** Calls the API through the platform and parses the answer with its shared schema. */
export async function requestParsed<S extends z.ZodType>(
  platform: AdminPlatform,
  schema: S,
  path: string,
  init?: AdminRequestInit,
): Promise<z.infer<S>> {
  return schema.parse(await platform.request<unknown>(path, init));
}

/** The query of every admin list (10 a page, searched, filtered and sorted on the server). */
export interface ListQuery {
  q?: string;
  page?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | boolean | undefined;
}
