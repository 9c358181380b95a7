import { ApiError as ApiErrorSchema } from '@atelier/shared';
import { z } from '@hono/zod-openapi';

/** A JSON response entry of an OpenAPI route. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(ApiErrorSchema, 'The input is invalid'),
  404: jsonContent(ApiErrorSchema, 'Nothing has this id'),
} as const;

/** An `{id}` path parameter: a non-blank string of sane length, else the spec's message for that entity. */
export const idParam = (message: string) =>
  z.object({ id: z.string().trim().min(1, message).max(100, message) });
