import { AcceptInvitationInput, InvitationInfo, InvitationQuery, TokenResponse } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { clientOf, cookieMode, sessionBody } from '../../http/auth-cookies';
import { errorResponse, jsonBody, jsonContent } from '../../http/openapi';
import { acceptInvitation, invitationInfo } from './invitations.service';

/**
 * The invitee's side, public (the link is the credential), mounted under /auth/v1 beside the account
 * endpoints: their per-address limit, body limit and `no-store` apply (app.ts). The token travels in the
 * query or the body, never in the path, so it stays out of the request log.
 */
const tags = ['Accounts'];

const info = createRoute({
  method: 'get',
  path: '/invitations',
  tags,
  summary:
    'The invitation of a mailed link: the studio, the address, the role, whether the address has an account',
  request: { query: InvitationQuery },
  responses: {
    200: jsonContent(InvitationInfo, 'The invitation'),
    404: errorResponse(
      'The link is forged, used, canceled or expired: "This invitation is invalid or has expired."',
    ),
    429: errorResponse('Too many requests from this address'),
  },
});

const accept = createRoute({
  method: 'post',
  path: '/invitations/accept',
  tags,
  summary:
    "Accepts an invitation and signs in (bearer or cookie mode): a new account (first and last name, password), or the existing account's own password",
  description:
    'Send `X-Auth-Mode: cookie` (with `X-CSRF-Token`) to receive the refresh token as the HttpOnly cookie instead of in the body.',
  request: { body: jsonBody(AcceptInvitationInput) },
  responses: {
    200: jsonContent(TokenResponse, 'Accepted and signed in'),
    400: errorResponse('The link no longer works, a field is missing or wrong, or the password is wrong'),
    403: errorResponse('The account is deactivated, or the anti-forgery check failed'),
    409: errorResponse('The account already has access to the studio'),
    429: errorResponse('Too many attempts or requests'),
  },
});

export const invitationRoutes = createRouter()
  .openapi(info, async (c) => c.json(await invitationInfo(c.var.deps.db, c.req.valid('query').token), 200))
  .openapi(accept, async (c) => {
    const inCookie = cookieMode(c);
    const issued = await acceptInvitation(c.var.deps, c.req.valid('json'), clientOf(c));
    return c.json(sessionBody(c, issued, inCookie), 200);
  });
