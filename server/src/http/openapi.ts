import { ApiError as ApiErrorSchema } from '@atelier/shared';
import { z } from '@hono/zod-openapi';

/** A JSON response entry of an OpenAPI route. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** A JSON request body (required unless said otherwise). */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  content: { 'application/json': { schema } },
  required,
});

/** A refusal an operation may answer: the API's error JSON, and what it means there. */
export const errorResponse = (description: string) => jsonContent(ApiErrorSchema, description);

/** What the common refusals mean, where an operation has nothing more precise to say. */
const MEANINGS = {
  400: 'The input is invalid',
  401: 'Not signed in',
  403: 'Not an admin',
  404: 'Nothing has this id',
} as const;
type CommonStatus = keyof typeof MEANINGS;

/** The common refusals an operation may answer, each with its usual meaning. */
export function errorResponses<S extends CommonStatus>(
  ...statuses: S[]
): Record<S, ReturnType<typeof errorResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(MEANINGS[status])])) as Record<
    S,
    ReturnType<typeof errorResponse>
  >;
}

/** What every admin operation may answer besides its own result: the input's check and the admin gate. */
export const adminErrors = errorResponses(400, 401, 403);
/** …and an operation on one entity, by its id. */
export const adminIdErrors = errorResponses(400, 401, 403, 404);

/** An `{id}` path parameter: a non-blank string of sane length, else the given message for that entity. */
export const idParam = (message: string) =>
  z.object({ id: z.string().trim().min(1, message).max(100, message) });
