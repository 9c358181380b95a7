import type { SiteImportSummary, WordPressImportSummary } from '@atelier/shared';
import { Box, Button, Callout, Card, Checkbox, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import type { PickedFile } from '../../platform';
import { useCan, usePlatform } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDownloadExport, useSiteImport, useSiteImportStatus, useWordPressImport } from './portability-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What a site export holds, in words: "12 projects, 6 posts, 40 media files, 2 staff accounts". */
const describeExport = ({ counts, accounts }: SiteImportSummary) =>
  [
    plural(counts.projects ?? 0, 'project'),
    plural(counts.blog_posts ?? 0, 'post'),
    plural(counts.services ?? 0, 'service'),
    plural(counts.team_members ?? 0, 'team member'),
    plural(counts.youtube_videos ?? 0, 'video'),
    plural(counts.inquiries ?? 0, 'inquiry', 'inquiries'),
    plural(counts.media_files ?? 0, 'media file'),
    plural(accounts.length, 'new staff account'),
  ].join(', ');

const describeWordPress = (summary: WordPressImportSummary) =>
  `${plural(summary.posts, 'published post')}, ${plural(summary.drafts, 'draft')} and ${plural(summary.images, 'image')}`;

/**
 * Settings' "Export and import": the whole site as one file (docs/export-format.md); on a site with nothing of
 * its own yet, an export imported (checked and counted first, then confirmed); and a WordPress blog brought
 * in (previewed with counts, then imported).
 */
export function SiteTransferCard() {
  const allowed = useCan('settings');
  const platform = usePlatform();
  const status = useSiteImportStatus(allowed);
  const download = useDownloadExport();
  const siteImport = useSiteImport();
  const wordpress = useWordPressImport();
  const [exporting, setExporting] = useState(false);
  const [withRevisions, setWithRevisions] = useState(false);
  const [archive, setArchive] = useState<{ file: PickedFile; summary: SiteImportSummary }>();
  const [wxr, setWxr] = useState<{ file: PickedFile; summary: WordPressImportSummary; done: boolean }>();
  if (!allowed) return null;
  const canSend = Boolean(platform.sendFile);
  const nothingNew = wxr !== undefined && wxr.summary.posts + wxr.summary.drafts === 0;
  const failed = (title: string) => (error: unknown) =>
    showToast('Error', messageOf(error, title), 'destructive');

  const exportSite = async () => {
    setExporting(true);
    try {
      await download(withRevisions);
    } catch (error) {
      failed('The export failed')(error);
    } finally {
      setExporting(false);
    }
  };

  const pick = async (accept: string[]) => (await platform.pickFiles({ accept }))[0];

  const checkArchive = async () => {
    const file = await pick(['.zip', 'application/zip']);
    if (!file) return;
    siteImport.mutate(
      { file, check: true },
      {
        onSuccess: (summary) => setArchive({ file, summary }),
        onError: failed('The file cannot be imported'),
      },
    );
  };
  const importArchive = () => {
    if (!archive) return;
    siteImport.mutate(
      { file: archive.file, check: false },
      {
        onSuccess: (summary) => {
          setArchive(undefined);
          showToast(
            'Site imported',
            `Imported ${describeExport(summary)}. Staff accounts set their password with “Forgot your password?”.`,
          );
        },
        onError: failed('The import failed'),
      },
    );
  };

  const previewWordPress = async () => {
    const file = await pick(['.xml', 'application/xml', 'text/xml']);
    if (!file) return;
    wordpress.mutate(
      { file, check: true },
      {
        onSuccess: (summary) => setWxr({ file, summary, done: false }),
        onError: failed('The file cannot be imported'),
      },
    );
  };
  const importWordPress = () => {
    if (!wxr) return;
    wordpress.mutate(
      { file: wxr.file, check: false },
      {
        onSuccess: (summary) => {
          setWxr({ file: wxr.file, summary, done: true });
          showToast('WordPress posts imported', `Imported ${describeWordPress(summary)}.`);
        },
        onError: failed('The import failed'),
      },
    );
  };

  return (
    <Card size={{ initial: '2', sm: '3' }} className="admin-transfer">
      <Heading as="h2" size="4" mb="1">
        Export and import
      </Heading>
      <Flex direction={{ initial: 'column', sm: 'row' }} gap="4" justify="between" align={{ sm: 'center' }}>
        <Text as="p" size="2" color="gray">
          The whole site in one file: every project, post, service, team member, video and inquiry, the
          settings, the media library’s originals with their folders and alt texts, and the staff accounts
          (without passwords). Another Atelier imports it back.
        </Text>
        <Flex direction="column" gap="2" align={{ initial: 'start', sm: 'end' }} style={{ flex: 'none' }}>
          <Button variant="soft" onClick={exportSite} loading={exporting}>
            Export site
          </Button>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={withRevisions}
                onCheckedChange={(checked) => setWithRevisions(checked === true)}
              />
              With every saved version
            </Flex>
          </Text>
        </Flex>
      </Flex>

      {canSend && status.data?.empty && (
        <>
          <Separator size="4" my="4" />
          <Flex
            direction={{ initial: 'column', sm: 'row' }}
            gap="4"
            justify="between"
            align={{ sm: 'center' }}
          >
            <Text as="p" size="2" color="gray">
              This site has nothing of its own yet: bring in an export of an Atelier site. It replaces the
              sample content; your account stays.
            </Text>
            <Button
              variant="soft"
              onClick={checkArchive}
              loading={siteImport.isPending && !archive}
              style={{ flex: 'none' }}
            >
              Import site…
            </Button>
          </Flex>
        </>
      )}

      {canSend && (
        <>
          <Separator size="4" my="4" />
          <Flex
            direction={{ initial: 'column', sm: 'row' }}
            gap="4"
            justify="between"
            align={{ sm: 'center' }}
          >
            <Text as="p" size="2" color="gray">
              Moving from WordPress? Pick its export file (Tools → Export → Posts): you see what comes over
              before anything is written. Images come from your old site’s address; importing again adds
              nothing twice.
            </Text>
            <Button
              variant="soft"
              onClick={previewWordPress}
              loading={wordpress.isPending && !wxr}
              style={{ flex: 'none' }}
            >
              Import from WordPress…
            </Button>
          </Flex>
        </>
      )}

      {wxr && (
        <Box mt="4">
          <Callout.Root color={wxr.done ? 'green' : 'gray'} role="status">
            <Callout.Text>
              <Text as="span" weight="medium">
                {wxr.done ? 'Imported' : nothingNew ? 'Nothing new to import' : 'Ready to import'} from{' '}
                {wxr.summary.site}:{' '}
              </Text>
              {describeWordPress(wxr.summary)}.
            </Callout.Text>
          </Callout.Root>
          {wxr.summary.skipped.length > 0 && (
            <Box mt="3">
              <Text as="p" size="2" weight="medium">
                Left out ({wxr.summary.skipped.length})
              </Text>
              <Box asChild mt="1" pl="4">
                <ul>
                  {wxr.summary.skipped.map((skip) => (
                    <li key={`${skip.item} ${skip.reason}`}>
                      <Text size="2" color="gray">
                        {skip.item}: {skip.reason}
                      </Text>
                    </li>
                  ))}
                </ul>
              </Box>
            </Box>
          )}
          <Flex gap="3" mt="3" justify="end">
            <Button variant="soft" color="gray" highContrast onClick={() => setWxr(undefined)}>
              {wxr.done ? 'Done' : 'Cancel'}
            </Button>
            {!wxr.done && !nothingNew && (
              <Button onClick={importWordPress} loading={wordpress.isPending}>
                Import
              </Button>
            )}
          </Flex>
        </Box>
      )}

      <ConfirmDialog
        open={archive !== undefined}
        onOpenChange={(open) => !open && setArchive(undefined)}
        title="Import this site?"
        description={
          archive
            ? `The file is whole and holds ${describeExport(archive.summary)}. The sample content is replaced.`
            : ''
        }
        confirmLabel="Import site"
        onConfirm={importArchive}
      />
    </Card>
  );
}
