import {
  ChangeRoleInput,
  DeletePersonQuery,
  InviteInput,
  PEOPLE_MESSAGES as M,
  PeopleList,
  PeopleListQuery,
  Person,
  ReauthenticateInput,
  StaffSecurity,
  TransferOwnershipInput,
} from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { currentAuth } from '../../auth/guard';
import { type AppEnv, createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import {
  adminErrors,
  adminIdErrors,
  errorResponse,
  idParam,
  jsonBody,
  jsonContent,
} from '../../http/openapi';
import { cancelInvitation, invite, resendInvitation } from './invitations.service';
import {
  type Acting,
  changeRole,
  deletePerson,
  listPeople,
  reauthenticate,
  setDeactivated,
  setStaffSecurity,
  staffSecurity,
  transferOwnership,
} from './people.service';

// Behind `requireStaff()` (app.ts) like every /api/admin route; each operation declares its permission.
const tags = ['Admin: people'];
const PersonId = idParam(M.invalidPersonId);
const reauthError = {
  403: errorResponse(
    'Not allowed for this role or person, or `reauthentication_required`: ask the password (POST /api/admin/users/reauthenticate) and retry',
  ),
};
const conflictError = { 409: errorResponse('Not possible in the present state (see the message)') };
const deactivation = (deactivate: boolean) =>
  createRoute({
    method: 'post',
    path: `/admin/users/{id}/${deactivate ? 'deactivate' : 'reactivate'}`,
    tags,
    ...allow('users'),
    summary: deactivate
      ? 'Deactivates a staff member: every session signed out, open event streams ended, sign-in refused'
      : 'Reactivates a deactivated staff member (they sign in again)',
    request: { params: PersonId },
    responses: { 200: jsonContent(Person, 'The person'), ...adminIdErrors },
  });

const list = createRoute({
  method: 'get',
  path: '/admin/users',
  tags,
  ...allow('users'),
  summary:
    'The staff (owner, administrators, editors, contributors) and the invitations still waiting, searched by name or e-mail and filtered by role, 10 a page',
  request: { query: PeopleListQuery },
  responses: { 200: jsonContent(PeopleList, 'A page of people'), ...adminErrors },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/admin/users/invitations',
  tags,
  ...allow('users'),
  summary:
    'Invites someone by e-mail with a role: a single-use link valid 7 days (the administrator role: the owner only)',
  request: { body: jsonBody(InviteInput) },
  responses: {
    201: jsonContent(Person, 'The invitation, as a row of the list'),
    ...adminErrors,
    ...conflictError,
  },
});

const resend = createRoute({
  method: 'post',
  path: '/admin/users/invitations/{id}/resend',
  tags,
  ...allow('users'),
  summary: 'Mails a waiting invitation again with a new link (the old one stops working), valid 7 days',
  request: { params: PersonId },
  responses: { 200: jsonContent(Person, 'The invitation'), ...adminIdErrors, ...conflictError },
});

const cancel = createRoute({
  method: 'delete',
  path: '/admin/users/invitations/{id}',
  tags,
  ...allow('users'),
  summary: 'Cancels a waiting invitation: its link stops working',
  request: { params: PersonId },
  responses: { 204: { description: 'Canceled' }, ...adminIdErrors, ...conflictError },
});

const role = createRoute({
  method: 'put',
  path: '/admin/users/{id}/role',
  tags,
  ...allow('users'),
  summary:
    "Changes a staff member's role (never the owner's; an administrator's, or to administrator: the owner, with a password typed in the last 10 minutes)",
  request: { params: PersonId, body: jsonBody(ChangeRoleInput) },
  responses: { 200: jsonContent(Person, 'The person'), ...adminIdErrors, ...reauthError },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/users/{id}',
  tags,
  ...allow('users'),
  summary:
    "Deletes a staff member's account (a password typed in the last 10 minutes); their content goes to `reassign_to`, or to nobody (Former staff)",
  request: { params: PersonId, query: DeletePersonQuery },
  responses: { 204: { description: 'Deleted' }, ...adminIdErrors, ...reauthError },
});

const transfer = createRoute({
  method: 'post',
  path: '/admin/users/transfer-ownership',
  tags,
  ...allow('ownership'),
  summary:
    "Hands ownership to an active staff member, confirmed with the owner's password; the owner becomes an administrator",
  request: { body: jsonBody(TransferOwnershipInput) },
  responses: { 200: jsonContent(Person, 'The new owner'), ...adminErrors },
});

const reauth = createRoute({
  method: 'post',
  path: '/admin/users/reauthenticate',
  tags,
  ...allow('staff'),
  summary:
    'Confirms the signed-in person’s password: for 10 minutes this session may make the changes that ask for it',
  request: { body: jsonBody(ReauthenticateInput) },
  responses: {
    204: { description: 'Confirmed' },
    429: errorResponse('Too many wrong passwords'),
    ...adminErrors,
  },
});

const security = createRoute({
  method: 'get',
  path: '/admin/users/security',
  tags,
  ...allow('users'),
  summary: 'Whose admin sessions must have verified a second factor: none, admins (and the owner), staff',
  responses: { 200: jsonContent(StaffSecurity, 'The rule'), ...adminErrors },
});

const putSecurity = createRoute({
  method: 'put',
  path: '/admin/users/security',
  tags,
  ...allow('users'),
  summary:
    'Sets whose admin sessions must have verified a second factor (refused when it would shut out its author)',
  request: { body: jsonBody(StaffSecurity) },
  responses: { 200: jsonContent(StaffSecurity, 'The rule'), ...adminErrors, ...conflictError },
});

const acting = (c: Context<AppEnv>): Acting => ({ auth: currentAuth(c), actor: actorOf(c) });

export const userAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listPeople(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(inviteRoute, async (c) => c.json(await invite(c.var.deps, acting(c), c.req.valid('json')), 201))
  .openapi(resend, async (c) =>
    c.json(await resendInvitation(c.var.deps, acting(c), c.req.valid('param').id), 200),
  )
  .openapi(cancel, async (c) => {
    await cancelInvitation(c.var.deps.db, acting(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(transfer, async (c) => {
    const { db, feeds, auth } = c.var.deps;
    const owner = await transferOwnership(
      { db, feeds, passwords: auth.passwords },
      acting(c),
      c.req.valid('json'),
    );
    return c.json(owner, 200);
  })
  .openapi(reauth, async (c) => {
    const { db, auth } = c.var.deps;
    await reauthenticate({ db, passwords: auth.passwords }, currentAuth(c), c.req.valid('json').password);
    return c.body(null, 204);
  })
  .openapi(security, async (c) => c.json(await staffSecurity(c.var.deps.db), 200))
  .openapi(putSecurity, async (c) =>
    c.json(await setStaffSecurity(c.var.deps.db, acting(c), c.req.valid('json').require_mfa_for), 200),
  )
  .openapi(role, async (c) =>
    c.json(await changeRole(c.var.deps, acting(c), c.req.valid('param').id, c.req.valid('json').role), 200),
  )
  .openapi(deactivation(true), async (c) =>
    c.json(await setDeactivated(c.var.deps, acting(c), c.req.valid('param').id, true), 200),
  )
  .openapi(deactivation(false), async (c) =>
    c.json(await setDeactivated(c.var.deps, acting(c), c.req.valid('param').id, false), 200),
  )
  .openapi(remove, async (c) => {
    await deletePerson(c.var.deps, acting(c), c.req.valid('param').id, c.req.valid('query').reassign_to);
    return c.body(null, 204);
  });
