import { ApiError as ApiErrorSchema } from '@atelier/shared';
import type { z } from 'zod';

/** A JSON response entry of an OpenAPI route. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(ApiErrorSchema, 'The input is invalid'),
  404: jsonContent(ApiErrorSchema, 'Nothing has this id'),
} as const;
