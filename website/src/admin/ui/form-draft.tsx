import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { FormDraft } from '../platform';
import { useAdminSession, usePlatform } from '../platform-context';
import { RecordDiff } from './record-diff';

// Only RecordDiff's props are relied on: the component may be replaced by a fuller one of the same props.
type RecordDiffField = Parameters<typeof RecordDiff>[0]['fields'][number];

/** How often a dirty form's values are written to the platform's draft store. */
const WRITE_EVERY_MS = 3_000;
const LONG_FIELDS = new Set(['description', 'content', 'excerpt', 'bio', 'text']);

const json = (value: unknown) => JSON.stringify(value ?? null);

/** The fields a draft changed from the saved values it was made on. */
const changesOf = (draft: FormDraft) =>
  Object.fromEntries(
    Object.entries(draft.values).filter(([key, value]) => json(value) !== json(draft.base[key])),
  );

/** "14:32" today, "Nov 26, 2026, 14:32" another day: in the person's own locale. */
function draftTime(savedAt: string): string {
  const date = new Date(savedAt);
  return date.toDateString() === new Date().toDateString()
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The compared fields of a form, named from their keys ("completion_date" → "Completion date"). */
function diffFields(values: Record<string, unknown>): RecordDiffField[] {
  return Object.entries(values).map(([key, value]) => {
    const words = key.replace(/_/g, ' ');
    const label = words.charAt(0).toUpperCase() + words.slice(1);
    const kind =
      Array.isArray(value) && /image/.test(key)
        ? 'images'
        : typeof value === 'string'
          ? LONG_FIELDS.has(key) || value.length > 120
            ? 'long'
            : 'text'
          : 'value';
    return { key, label, kind };
  });
}

/**
 * What was typed in a form and not saved, kept in the platform's draft store under the person and `name`
 * ("projects/{id}", "settings/site"): written every few seconds while the form is dirty, when the page is
 * hidden or closed, and when the form goes away. A draft found when the form opens (once `ready`: its saved
 * values are loaded) is offered (`banner`), never applied unless the person restores it, and then only the
 * fields it changed, over the values saved now. `saved()` discards it, `keep()` writes it at once (a failed
 * save), `discard()` drops it (the person chose to leave without saving).
 */
export function useFormDraft<V extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's transformed output type does not matter here
  form: UseFormReturn<V, any, any>,
  name: string,
  { dirty, ready = true }: { dirty: boolean; ready?: boolean },
) {
  const platform = usePlatform();
  const user = useAdminSession().session?.user.id;
  // The saved values the form shows: a draft made on others is "from before a newer save".
  const baseText = json(form.formState.defaultValues);
  const base = useMemo(() => JSON.parse(baseText) as Record<string, unknown>, [baseText]);
  const [offered, setOffered] = useState<FormDraft | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // holding: a stored draft not yet answered (or not yet looked for) is never overwritten. skip: the values
  // just saved or left on purpose, which are not a draft.
  const state = useRef({ dirty, holding: true, written: '', skip: '' });
  state.current.dirty = dirty;

  useEffect(() => {
    if (!user || !ready) return;
    let live = true;
    platform.drafts.get(user, name).then(
      (draft) => {
        if (!live) return;
        const differs = draft && json({ ...base, ...changesOf(draft) }) !== json(base);
        if (draft && !differs) void platform.drafts.remove(user, name).catch(() => {});
        state.current.holding = Boolean(differs);
        setOffered(differs ? draft : null);
      },
      () => {
        state.current.holding = false;
      },
    );
    return () => {
      live = false;
    };
  }, [platform, user, name, base, ready]);

  const write = useCallback(() => {
    const current = state.current;
    if (!user || current.holding) return;
    const values = JSON.parse(json(form.getValues())) as Record<string, unknown>;
    const text = json(values);
    if (!current.dirty || text === current.skip) {
      // Back to the saved values: nothing to keep.
      if (current.written) void platform.drafts.remove(user, name).catch(() => {});
      current.written = '';
      return;
    }
    if (text === current.written) return;
    current.written = text;
    platform.drafts.put(user, name, { savedAt: new Date().toISOString(), values, base }).catch(() => {
      current.written = '';
    });
  }, [platform, user, name, base, form]);

  useEffect(() => {
    const timer = setInterval(write, WRITE_EVERY_MS);
    window.addEventListener('pagehide', write);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  /** The draft goes, and the form's values now are not one. */
  const forget = () => {
    state.current.holding = false;
    state.current.written = '';
    state.current.skip = json(form.getValues());
    return user ? platform.drafts.remove(user, name).catch(() => {}) : Promise.resolve();
  };
  const drop = () => {
    setOffered(null);
    setReviewing(false);
    void forget();
  };
  const restore = (draft: FormDraft) => {
    form.reset({ ...form.getValues(), ...changesOf(draft) } as V, { keepDefaultValues: true });
    setOffered(null);
    setReviewing(false);
    state.current.holding = false;
    state.current.written = '';
  };

  const banner = offered && (
    <>
      <Callout.Root color="amber" mb="4" role="region" aria-label="Unsaved changes">
        <Flex gap="3" align="center" justify="between" wrap="wrap" width="100%">
          <Callout.Text>
            You have unsaved changes from <span className="admin-nowrap">{draftTime(offered.savedAt)}</span>.
          </Callout.Text>
          <Flex gap="2">
            <Button type="button" size="1" onClick={() => setReviewing(true)}>
              Review
            </Button>
            <Button type="button" size="1" variant="soft" color="gray" onClick={drop}>
              Discard
            </Button>
          </Flex>
        </Flex>
      </Callout.Root>
      <Dialog.Root open={reviewing} onOpenChange={setReviewing}>
        <Dialog.Content maxWidth="760px">
          <Dialog.Title>Unsaved changes from {draftTime(offered.savedAt)}</Dialog.Title>
          <Dialog.Description size="2" mb="4">
            Before: the saved version. After: what was typed and not saved. Restored changes are saved only
            when you save the form.
          </Dialog.Description>
          {json(offered.base) !== json(base) && (
            <Callout.Root color="orange" mb="4">
              <Callout.Text>
                This item was saved again after these changes were made. Restoring them keeps the newer
                version and puts only the fields shown here over it.
              </Callout.Text>
            </Callout.Root>
          )}
          <RecordDiff
            fields={diffFields(base)}
            before={base}
            after={{ ...base, ...changesOf(offered) }}
            mediaUrl={platform.mediaUrl}
          />
          <Flex gap="3" mt="5" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Close
              </Button>
            </Dialog.Close>
            <Button type="button" variant="soft" color="red" onClick={drop}>
              Discard
            </Button>
            <Button type="button" onClick={() => restore(offered)}>
              Restore these changes
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );

  return {
    banner,
    /** After a successful save: the draft is spent. */
    async saved() {
      setOffered(null);
      await forget();
    },
    /** After a failed save: what is in the form is written now, over any draft still offered. */
    keep() {
      state.current.holding = false;
      state.current.written = '';
      write();
    },
    /** The person left without saving, having been asked. */
    discard: () => void forget(),
  };
}
