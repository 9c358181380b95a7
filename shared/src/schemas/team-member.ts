import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages';
import {
  adminListQuery,
  optionalImage,
  optionalText,
  optionalUrl,
  paginated,
  requiredText,
  sampleField,
  Timestamp,
} from './common';

export const TeamMember = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.string(),
    image: z.string().nullable(),
    quote: z.string().nullable(),
    facebook_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamMemberList = z.object({ items: z.array(TeamMember) }).meta({ id: 'TeamMemberList' });

const fields = {
  name: requiredText(M.teamRequired, 120),
  role: requiredText(M.teamRequired, 120),
  image: optionalImage(M.teamImageRequired),
  quote: optionalText(1000, true),
  facebook_url: optionalUrl(M.invalidUrl),
  instagram_url: optionalUrl(M.invalidUrl),
  linkedin_url: optionalUrl(M.invalidUrl),
};

/** The team form on update: the image may stay as it is. */
export const UpdateTeamMemberInput = z.object(fields).meta({ id: 'UpdateTeamMemberInput' });
export type UpdateTeamMemberInput = z.output<typeof UpdateTeamMemberInput>;
export type TeamMemberInputValues = z.input<typeof UpdateTeamMemberInput>;

/** On create an image is required. */
export const CreateTeamMemberInput = z
  .object(fields)
  .superRefine((input, ctx) => {
    if (!input.image) ctx.addIssue({ code: 'custom', path: ['image'], message: M.teamImageRequired });
  })
  .meta({ id: 'CreateTeamMemberInput' });
export type CreateTeamMemberInput = z.output<typeof CreateTeamMemberInput>;

export const TEAM_MEMBER_SORT_KEYS = ['created_at', 'name', 'role'] as const;
export const AdminTeamMemberListQuery = adminListQuery(TEAM_MEMBER_SORT_KEYS, {});
export type AdminTeamMemberListQuery = z.output<typeof AdminTeamMemberListQuery>;

/** A team member as the admin reads it: with the seed's sample marker. */
export const AdminTeamMember = TeamMember.extend(sampleField).meta({ id: 'AdminTeamMember' });
export type AdminTeamMember = z.infer<typeof AdminTeamMember>;

export const AdminTeamMemberList = paginated(AdminTeamMember).meta({ id: 'AdminTeamMemberList' });
export type AdminTeamMemberList = z.infer<typeof AdminTeamMemberList>;
