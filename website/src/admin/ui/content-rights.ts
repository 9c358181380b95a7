import { REVIEW_MESSAGES } from '@atelier/shared';
import { useAdminSession, useCan } from '../platform-context';

/**
 * What the signed-in person may do with a content item, by the server's rules (for showing and hiding only:
 * the server refuses the rest). Roles that publish change anything; a contributor only what they wrote, while
 * it is not live (a draft, an inactive service or video).
 */
export function useContentRights() {
  const userId = useAdminSession().session?.user.id;
  const publish = useCan('publish');
  const isAuthor = (authorId: string | null | undefined) => authorId != null && authorId === userId;
  /** Why this person may not change an existing item, or null when they may. */
  const lockedBecause = (authorId: string | null | undefined, live: boolean) => {
    if (publish) return null;
    if (!isAuthor(authorId)) return REVIEW_MESSAGES.notYours;
    return live ? REVIEW_MESSAGES.published : null;
  };
  return {
    publish,
    isAuthor,
    lockedBecause,
    mayChange: (authorId: string | null, live: boolean) => !lockedBecause(authorId, live),
  };
}
