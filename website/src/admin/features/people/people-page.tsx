import { PageHeader } from '../../ui/page-header';

/** Who has access to the studio's admin: the people screen (list, invitations, roles). */
export function PeoplePage() {
  return <PageHeader title="People" />;
}
