import {
  AdminSetupInput,
  ApiError as ApiErrorSchema,
  AuthUser,
  Challenge,
  DeleteFactorInput,
  EnrolFactorInput,
  EnrolledFactor,
  ERROR_CODES,
  GrantType,
  LogoutScope,
  AUTH_MESSAGES as M,
  Message,
  MfaVerified,
  PasswordGrantInput,
  RecoverInput,
  RecoveryCodeInput,
  SessionInfo,
  SignUpInput,
  TokenInput,
  TokenResponse,
  UpdateUserInput,
  VerifyFactorInput,
  VerifyInput,
} from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { authenticate, currentAuth, requireUser, unauthorized } from '../../auth/guard';
import { invalidGrant } from '../../auth/issue-session';
import { isOneTimeTokenValid } from '../../auth/one-time-tokens';
import { sessionOfRefreshToken } from '../../auth/sessions';
import { createRouter, type Deps } from '../../context';
import {
  clearRefreshCookie,
  clientOf,
  cookieMode,
  deviceTokenOf,
  refreshTokenOf,
  sessionBody,
} from '../../http/auth-cookies';
import { limitBody } from '../../http/body-limit';
import { clientIp } from '../../http/client-ip';
import { errorResponse, jsonBody, jsonContent } from '../../http/openapi';
import { ApiError, notFound, validationError } from '../../lib/errors';
import {
  getUser,
  refreshSession,
  requestRecovery,
  revokeOwnSession,
  setUpFirstAdmin,
  signInWithPassword,
  signOut,
  signUp,
  updateUser,
  userSessions,
  verifyEmailLink,
} from './auth.service';
import {
  createChallenge,
  enrolTotp,
  regenerateRecoveryCodes,
  unenrolFactor,
  verifyChallenge,
  verifyRecoveryCode,
} from './mfa.service';

const BODY_LIMIT_BYTES = 16 * 1024;
const tags = ['Accounts'];
const errors = {
  400: errorResponse('The input is invalid'),
  429: errorResponse('Too many attempts or requests'),
} as const;
const signedIn = {
  401: errorResponse('No valid access token, or its session was signed out'),
  403: jsonContent(
    ApiErrorSchema,
    'A second factor must be verified first, or the anti-forgery check failed',
  ),
} as const;
const security = [{ bearer: [] }];
const FactorParam = z.object({ id: z.string().min(1).max(100) });

const router = createRouter();
router.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
});

/**
 * The per-address limit counts what an attacker needs: sign-ins, sign-ups, reset mails, links, and every failed
 * request (so floods of malformed ones are limited too), counted before anything else. A token refresh or a
 * signed-in request that succeeds is not counted: a valid token cannot be guessed, and a studio of a few people
 * behind one router refreshes on every page load. Those are counted only when they fail. The key set is public.
 */
router.use('*', async (c, next) => {
  const { env, limits } = c.var.deps;
  // Tokens and personal data: never stored by a cache.
  c.header('Cache-Control', 'no-store');
  if (env.BENCH || c.req.path.endsWith('/jwks.json')) return next();
  const ip = clientIp(c);
  const withToken =
    c.req.header('authorization') !== undefined || c.req.query('grant_type') === 'refresh_token';
  if (!withToken) {
    await limits.auth.hit(ip);
    return next();
  }
  // A refusal may arrive as a thrown error (handled by the app's onError, outside this router): count it too.
  let failed = true;
  try {
    await next();
    failed = c.res.status >= 400;
  } finally {
    if (failed) await limits.auth.hit(ip);
  }
});
router.use(
  '*',
  limitBody(BODY_LIMIT_BYTES, () => {
    throw new ApiError(413, ERROR_CODES.payloadTooLarge, 'Request body is too large');
  }),
);

/** Parses with a shared schema, failing with its one message (the schemas stop at the first problem). */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const signup = createRoute({
  method: 'post',
  path: '/signup',
  tags,
  summary: 'Signs up: sends a confirmation mail (the same answer for a known address)',
  request: { body: jsonBody(SignUpInput) },
  responses: { 200: jsonContent(Message, 'A confirmation mail is on its way'), ...errors },
});

const token = createRoute({
  method: 'post',
  path: '/token',
  tags,
  summary: 'Signs in with a password, or exchanges a refresh token (body, or the cookie in cookie mode)',
  description:
    'Send `X-Auth-Mode: cookie` (with `X-CSRF-Token`) to receive the refresh token as the HttpOnly `atelier_refresh` cookie instead of in the body.',
  request: { query: z.object({ grant_type: GrantType }), body: jsonBody(TokenInput, false) },
  responses: {
    200: jsonContent(TokenResponse, 'Signed in'),
    403: errorResponse('The anti-forgery check failed'),
    ...errors,
  },
});

const logout = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: 'Signs out this session (local), every session (global) or every other session (others)',
  security,
  request: { query: z.object({ scope: LogoutScope.default('local') }) },
  responses: { 204: { description: 'Signed out' }, ...signedIn },
});

const recover = createRoute({
  method: 'post',
  path: '/recover',
  tags,
  summary: 'Sends a password-reset mail (the same answer for an unknown address)',
  request: { body: jsonBody(RecoverInput) },
  responses: {
    200: jsonContent(Message, 'A reset mail is on its way if the address has an account'),
    ...errors,
  },
});

const verifyLinkQuery = z.object({
  type: z.string().optional(),
  token: z.string().optional(),
  redirect_to: z.string().optional(),
});
const verifyGet = createRoute({
  method: 'get',
  path: '/verify',
  tags,
  summary: 'The link of a mail: confirms it, sets the refresh cookie and redirects to the page (signed in)',
  request: { query: verifyLinkQuery },
  responses: {
    303: {
      description:
        'To `redirect_to#type=signup|recovery` signed in (refresh cookie set), or to `…#error=invalid_link&error_description=…`',
    },
  },
});

const verifyPost = createRoute({
  method: 'post',
  path: '/verify',
  tags,
  summary: 'Confirms a mailed link token and signs in (bearer or cookie mode)',
  request: { body: jsonBody(VerifyInput) },
  responses: { 200: jsonContent(TokenResponse, 'Signed in'), ...errors },
});

const getUserRoute = createRoute({
  method: 'get',
  path: '/user',
  tags,
  summary: 'The signed-in user, with profile and factors (also before the second factor is verified)',
  security,
  middleware: [requireUser({ allowPendingMfa: true })] as const,
  responses: { 200: jsonContent(AuthUser, 'The user'), ...signedIn },
});

const putUser = createRoute({
  method: 'put',
  path: '/user',
  tags,
  summary: 'Updates first and last name, removes the avatar, or changes the password',
  description:
    'A password change needs `current_password`, `password` and `password_confirmation`; in a recovery session (from a reset mail, within an hour) only the last two. It signs every other session out.',
  security,
  middleware: [requireUser()] as const,
  request: { body: jsonBody(UpdateUserInput) },
  responses: { 200: jsonContent(AuthUser, 'The updated user'), ...errors, ...signedIn },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/sessions',
  tags,
  summary: "The user's signed-in devices",
  security,
  middleware: [requireUser()] as const,
  responses: {
    200: jsonContent(z.object({ sessions: z.array(SessionInfo) }), 'Newest first'),
    ...signedIn,
  },
});

const deleteSession = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  tags,
  summary: 'Signs one of your devices out',
  security,
  middleware: [requireUser()] as const,
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    204: { description: 'Signed out' },
    404: errorResponse('No such session of yours'),
    ...signedIn,
  },
});

const enrol = createRoute({
  method: 'post',
  path: '/factors',
  tags,
  summary: 'Starts TOTP enrolment: a QR code, its secret and otpauth URI (verify a challenge to turn it on)',
  security,
  middleware: [requireUser()] as const,
  request: { body: jsonBody(EnrolFactorInput) },
  responses: {
    200: jsonContent(EnrolledFactor, 'An unverified factor'),
    409: errorResponse('A TOTP factor is already on'),
    ...errors,
    ...signedIn,
  },
});

const recoveryCodes = createRoute({
  method: 'post',
  path: '/factors/recovery-codes',
  tags,
  summary: 'Replaces the recovery codes with ten new ones (shown once)',
  security,
  middleware: [requireUser()] as const,
  responses: {
    200: jsonContent(z.object({ recovery_codes: z.array(z.string()) }), 'The new codes'),
    404: errorResponse('No verified factor'),
    ...signedIn,
  },
});

const recoveryCode = createRoute({
  method: 'post',
  path: '/factors/recovery',
  tags,
  summary: 'The second step with a recovery code instead of a TOTP code (each code works once)',
  security,
  middleware: [requireUser({ allowPendingMfa: true })] as const,
  request: { body: jsonBody(RecoveryCodeInput) },
  responses: { 200: jsonContent(TokenResponse, 'The session is at aal2'), ...errors, ...signedIn },
});

const challenge = createRoute({
  method: 'post',
  path: '/factors/{id}/challenge',
  tags,
  summary: 'Starts a verification of a factor (valid five minutes)',
  security,
  middleware: [requireUser({ allowPendingMfa: true })] as const,
  request: { params: FactorParam },
  responses: {
    200: jsonContent(Challenge, 'The challenge'),
    404: errorResponse('No such factor'),
    ...signedIn,
  },
});

const verifyFactor = createRoute({
  method: 'post',
  path: '/factors/{id}/verify',
  tags,
  summary: 'Verifies a TOTP code: turns the factor on (answering the recovery codes once) and raises to aal2',
  security,
  middleware: [requireUser({ allowPendingMfa: true })] as const,
  request: { params: FactorParam, body: jsonBody(VerifyFactorInput) },
  responses: {
    200: jsonContent(MfaVerified, 'The session is at aal2'),
    404: errorResponse('No such factor'),
    ...errors,
    ...signedIn,
  },
});

const unenrol = createRoute({
  method: 'delete',
  path: '/factors/{id}',
  tags,
  summary: 'Removes a factor (a verified one needs an aal2 session, or a TOTP or recovery code in the body)',
  security,
  middleware: [requireUser({ allowPendingMfa: true })] as const,
  request: { params: FactorParam, body: jsonBody(DeleteFactorInput, false) },
  responses: {
    200: jsonContent(z.object({ id: z.string() }), 'Removed'),
    404: errorResponse('No such factor'),
    ...errors,
    ...signedIn,
  },
});

const jwks = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  tags,
  summary: 'The public keys that verify access tokens (ES256)',
  responses: {
    200: jsonContent(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), 'A JWK set'),
  },
});

const setupCheck = createRoute({
  method: 'get',
  path: '/admin-setup',
  tags,
  summary: 'Whether a first-admin setup link is still good',
  request: { query: z.object({ token: z.string().max(200).optional() }) },
  responses: { 200: jsonContent(z.object({ valid: z.boolean() }), 'The link state') },
});

const setup = createRoute({
  method: 'post',
  path: '/admin-setup',
  tags,
  summary: 'Creates the first admin from the setup link printed at start-up, and signs in',
  request: { body: jsonBody(AdminSetupInput) },
  responses: {
    200: jsonContent(TokenResponse, 'The admin is created and signed in'),
    409: errorResponse('An admin exists already, or the e-mail has an account'),
    ...errors,
  },
});

const secretsOf = (c: { var: { deps: Deps } }) => ({ db: c.var.deps.db, secrets: c.var.deps.auth.secrets });

const safeRedirect = (target: string | undefined, fallback: string) =>
  target && target.length < 500 && /^\/(?![/\\])[^\s#]*$/.test(target) ? target : fallback;

export const authRoutes = router
  .openapi(signup, async (c) => c.json(await signUp(c.var.deps, c.req.valid('json')), 200))
  .openapi(token, async (c) => {
    const { deps } = c.var;
    const body = c.req.valid('json') ?? {};
    const inCookie = cookieMode(c);
    if (c.req.valid('query').grant_type === 'password') {
      const input = parse(PasswordGrantInput, body);
      const device = deviceTokenOf(c, body.device_token);
      return c.json(
        sessionBody(c, await signInWithPassword(deps, input, clientOf(c), device), inCookie),
        200,
      );
    }
    const refreshToken = refreshTokenOf(c, body.refresh_token);
    if (!refreshToken) {
      clearRefreshCookie(c);
      throw invalidGrant('Refresh Token Not Found');
    }
    // A refresh from the cookie answers in the cookie, whatever the header says.
    const inCookieNow = inCookie || !body.refresh_token;
    try {
      return c.json(sessionBody(c, await refreshSession(deps, refreshToken), inCookieNow), 200);
    } catch (error) {
      if (inCookieNow) clearRefreshCookie(c);
      throw error;
    }
  })
  .openapi(logout, async (c) => {
    const { db } = c.var.deps;
    const { scope } = c.req.valid('query');
    const bearer = await authenticate(c);
    let session: { id: string; user_id: string } | null = bearer
      ? { id: bearer.sessionId, user_id: bearer.userId }
      : null;
    if (!session) {
      const refresh = refreshTokenOf(c, undefined);
      session = refresh ? await sessionOfRefreshToken(db, refresh) : null;
    }
    if (!session) {
      clearRefreshCookie(c);
      throw unauthorized();
    }
    await signOut(db, session.user_id, session.id, scope);
    if (scope !== 'others') clearRefreshCookie(c);
    return c.body(null, 204);
  })
  .openapi(recover, async (c) => c.json(await requestRecovery(c.var.deps, c.req.valid('json').email), 200))
  .openapi(verifyGet, async (c) => {
    const query = c.req.valid('query');
    const type = query.type === 'recovery' ? 'recovery' : 'signup';
    const target = safeRedirect(query.redirect_to, type === 'recovery' ? '/reset-password' : '/auth');
    const valid = (query.type === 'signup' || query.type === 'recovery') && !!query.token;
    const issued = valid ? await verifyEmailLink(c.var.deps, type, query.token!, clientOf(c)) : null;
    if (!issued) {
      const description = type === 'recovery' ? M.invalidResetLink : M.invalidLink;
      return c.redirect(
        `${target}#error=invalid_link&error_description=${encodeURIComponent(description)}`,
        303,
      );
    }
    sessionBody(c, issued, true);
    return c.redirect(`${target}#type=${type}`, 303);
  })
  .openapi(verifyPost, async (c) => {
    const { type, token: secret } = c.req.valid('json');
    const inCookie = cookieMode(c);
    const issued = await verifyEmailLink(c.var.deps, type, secret, clientOf(c));
    if (!issued)
      throw new ApiError(
        400,
        ERROR_CODES.badRequest,
        type === 'recovery' ? M.invalidResetLink : M.invalidLink,
      );
    return c.json(sessionBody(c, issued, inCookie), 200);
  })
  .openapi(getUserRoute, async (c) => c.json(await getUser(c.var.deps.db, currentAuth(c).userId), 200))
  .openapi(putUser, async (c) => {
    const { deps } = c.var;
    const { user, removedAvatar } = await updateUser(deps, currentAuth(c), c.req.valid('json'));
    // Released like every dropped file: removed only when nothing else shows it.
    if (removedAvatar) await deps.media.release(removedAvatar);
    return c.json(user, 200);
  })
  .openapi(sessionsRoute, async (c) =>
    c.json({ sessions: await userSessions(c.var.deps.db, currentAuth(c)) }, 200),
  )
  .openapi(deleteSession, async (c) => {
    if (!(await revokeOwnSession(c.var.deps.db, currentAuth(c), c.req.valid('param').id)))
      throw notFound(M.sessionNotFound);
    return c.body(null, 204);
  })
  .openapi(enrol, async (c) =>
    c.json(await enrolTotp(secretsOf(c), currentAuth(c), c.req.valid('json').friendly_name), 200),
  )
  .openapi(recoveryCodes, async (c) =>
    c.json({ recovery_codes: await regenerateRecoveryCodes(secretsOf(c), currentAuth(c)) }, 200),
  )
  .openapi(recoveryCode, async (c) =>
    c.json(await verifyRecoveryCode(c.var.deps, currentAuth(c), c.req.valid('json').code), 200),
  )
  .openapi(challenge, async (c) =>
    c.json(await createChallenge(c.var.deps.db, currentAuth(c), c.req.valid('param').id), 200),
  )
  .openapi(verifyFactor, async (c) =>
    c.json(
      await verifyChallenge(c.var.deps, currentAuth(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(unenrol, async (c) => {
    const body = c.req.valid('json') ?? {};
    return c.json(await unenrolFactor(secretsOf(c), currentAuth(c), c.req.valid('param').id, body.code), 200);
  })
  .openapi(jwks, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(c.var.deps.auth.tokens.jwks(), 200);
  })
  .openapi(setupCheck, async (c) => {
    const { token: secret } = c.req.valid('query');
    return c.json(
      { valid: !!secret && (await isOneTimeTokenValid(c.var.deps.db, 'admin_setup', secret)) },
      200,
    );
  })
  .openapi(setup, async (c) => {
    const inCookie = cookieMode(c);
    const issued = await setUpFirstAdmin(c.var.deps, c.req.valid('json'), clientOf(c));
    return c.json(sessionBody(c, issued, inCookie), 200);
  });
