import type { TeamMember } from '@atelier/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';

/** The team in the order members joined. */
export function listTeamMembers(db: Db): TeamMember[] {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      image: teamMembers.image,
      quote: teamMembers.quote,
      facebook_url: teamMembers.facebook_url,
      instagram_url: teamMembers.instagram_url,
      linkedin_url: teamMembers.linkedin_url,
      created_at: teamMembers.created_at,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.created_at), asc(teamMembers.id))
    .all();
}
