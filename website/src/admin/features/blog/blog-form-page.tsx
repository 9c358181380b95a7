import {
  type AdminBlogPost,
  BlogPostId,
  BlogPostInput,
  type BlogPostInputValues,
  ADMIN_MESSAGES as M,
  postContent,
  REVIEW_MESSAGES,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Callout, Card, Flex, Grid, Text, TextArea, TextField } from '@radix-ui/themes';
import { useDeferredValue } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { renderMarkdown } from '../../../lib/markdown';
import { useContentRights } from '../../ui/content-rights';
import { EntityFormPage } from '../../ui/entity-form-page';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { ImageField } from '../../ui/image-field';
import { PageHeader } from '../../ui/page-header';
import { PreviewButton } from '../../ui/preview-button';
import { PublishChecksPanel, usePublishChecks } from '../../ui/publish-checks';
import type { DiffField } from '../../ui/record-diff';
import { ReviewActions, ReviewCallouts, useReviewForm } from '../../ui/review';
import { SelectField } from '../../ui/select-field';
import { SlugField } from '../../ui/slug-field';
import { TagInput } from '../../ui/tag-input';
import { useSaveForm } from '../../ui/use-save-form';
import { blogPostsApi } from './api';

/** The fields its History compares, as the form names them. */
const POST_FIELDS: DiffField[] = [
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'slug', label: 'Address', kind: 'text' },
  { key: 'content', label: 'Content', kind: 'long' },
  { key: 'excerpt', label: 'Excerpt', kind: 'long' },
  { key: 'featured_image', label: 'Featured image', kind: 'images' },
  { key: 'status', label: 'Status', kind: 'value' },
  { key: 'seo_keywords', label: 'Keywords', kind: 'value' },
  { key: 'publish_date', label: 'Publish date', kind: 'value' },
];

/** The featured image's types: jpeg, png or gif. */
const FEATURED_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * What the Status select offers: a scheduled post is a published one whose publish date is still to come
 * (the site shows it from that date on).
 */
const PUBLICATION_OPTIONS = [
  ['draft', 'Draft'],
  ['published', 'Published'],
  ['scheduled', 'Scheduled'],
] as const;
type Publication = (typeof PUBLICATION_OPTIONS)[number][0];

type Values = Omit<BlogPostInputValues, 'publish_date'> & {
  seo_keywords: string[];
  publication: Publication;
  /** The schedule, as a datetime-local value ('' = none). */
  schedule: string;
};

/** An ISO date as a datetime-local value in this computer's time zone. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const isFuture = (value: string | null | undefined) => Boolean(value) && Date.parse(value ?? '') > Date.now();

const valuesOf = (post?: AdminBlogPost): Values => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  content: post?.content ?? '',
  excerpt: post?.excerpt ?? '',
  featured_image: post?.featured_image ?? null,
  status: post?.status ?? 'draft',
  seo_keywords: post?.seo_keywords ?? [],
  publication:
    post?.status === 'published' && isFuture(post.publish_date) ? 'scheduled' : (post?.status ?? 'draft'),
  schedule: post?.publish_date && isFuture(post.publish_date) ? localInput(post.publish_date) : '',
});

/** /admin/blog/new and /admin/blog/edit/{id} (edit needs a UUID). */
export function BlogFormPage() {
  const { id } = useParams();
  const validId = id === undefined || BlogPostId.safeParse(id).success;
  const title = id ? 'Edit Blog Post' : 'New Blog Post';
  if (!validId)
    return (
      <>
        <PageHeader title={title} />
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{M.blogIdFormat}</Callout.Text>
        </Callout.Root>
        <Button asChild variant="soft">
          <Link to="/admin/blog">Back to Blog</Link>
        </Button>
      </>
    );
  return <BlogPostFormFrame id={id} title={title} />;
}

/** A valid id (or none): the post is loaded here, after the id check. */
function BlogPostFormFrame({ id, title }: { id?: string; title: string }) {
  return (
    <EntityFormPage
      id={id}
      query={blogPostsApi.useOne(id)}
      history={{ path: 'blog-posts', fields: POST_FIELDS }}
      title={title}
      lead={(post) => (id ? post?.title : 'Write an article for the studio’s blog.')}
      loadError="Failed to load blog post"
    >
      {(post) => <BlogForm id={id} post={post} />}
    </EntityFormPage>
  );
}

function BlogForm({ id, post }: { id?: string; post?: AdminBlogPost }) {
  const wasScheduled = isFuture(post?.publish_date);
  const form = useForm<Values>({
    resolver: zodResolver(BlogPostInput) as never,
    defaultValues: valuesOf(post),
  });
  const { register, control, formState, handleSubmit, watch } = form;
  const errors = formState.errors;
  const rights = useContentRights();
  const locked = post ? rights.lockedBecause(post.author_id, post.status === 'published') : null;
  const saving = useSaveForm({
    mutation: blogPostsApi.useSave(id, post?.updated_at),
    form,
    listPath: '/admin/blog',
    saved: (saved) => ({
      title: id ? 'Blog post updated' : 'Blog post created',
      description: `"${saved.title}" has been ${id ? 'updated' : 'created'}.`,
    }),
    failure: id ? 'Failed to update blog post' : 'Failed to create blog post',
  });
  const { guard, save, busy } = saving;
  const review = useReviewForm({
    api: blogPostsApi,
    id,
    form: saving,
    published: (title) => ({ title: 'Blog post published', description: `"${title}" is on the blog.` }),
  });
  const content = useDeferredValue(watch('content') ?? '');
  const scheduling = watch('publication') === 'scheduled';
  const checks = usePublishChecks(
    postContent({
      title: watch('title') ?? '',
      excerpt: watch('excerpt'),
      content,
      featured_image: watch('featured_image'),
    }),
  );

  /**
   * The body to save, or null when Scheduled has no future date (said at the field) or the publish checks stop it. `publish_date` only
   * schedules: a future date, or null to lift a schedule this post had (the server does the rest).
   */
  const bodyOf = (values: Values, status: 'draft' | 'published') => {
    if (checks.refuses(status)) return null;
    // The schema drops the form's own fields: read them from the form.
    const schedule = form.getValues('schedule');
    const scheduled = status === 'published' && form.getValues('publication') === 'scheduled';
    if (scheduled && !isFuture(schedule)) {
      form.setError('schedule', { message: 'Choose a date and time in the future to schedule the post.' });
      return null;
    }
    const publish_date = scheduled ? new Date(schedule).toISOString() : wasScheduled ? null : undefined;
    return { ...values, status, publish_date };
  };
  const statusOf = () => (form.getValues('publication') === 'draft' ? 'draft' : 'published');
  const submit = handleSubmit((values) => {
    const body = bodyOf(values, statusOf());
    if (body) return save(body);
  });
  const submitForReview = handleSubmit((values) => {
    const body = bodyOf(values, 'draft');
    if (body) return review.submit(body, values.title);
  });
  const publish = handleSubmit((values) => {
    const body = bodyOf(values, 'published');
    if (body) return review.publish(body, values.title);
  });

  return (
    <FormLayout
      label={id ? 'Edit Blog Post' : 'New Blog Post'}
      onSubmit={submit}
      submitLabel={id ? 'Update Post' : 'Create Post'}
      busy={busy || review.busy}
      cancelTo="/admin/blog"
      readOnly={Boolean(locked)}
      wide
      preview={post && <PreviewButton entity="blog-posts" id={post.id} name={post.title} />}
      checks={!locked && <PublishChecksPanel {...checks} />}
      actions={
        !locked && (
          <ReviewActions
            item={post}
            author={!post || rights.isAuthor(post.author_id)}
            publish={rights.publish}
            busy={busy || review.busy}
            onSubmit={submitForReview}
            onPublish={publish}
            onSendBack={review.sendBack}
          />
        )
      }
      aside={
        <>
          <ImageField
            control={control}
            name="featured_image"
            label="Featured Image"
            bucket="blog"
            accept={FEATURED_TYPES}
            hint="JPG, PNG or GIF, up to 10 MB."
            error={errors.featured_image?.message}
          />
          <SelectField
            control={control}
            name="publication"
            label="Status"
            options={PUBLICATION_OPTIONS}
            error={errors.status?.message}
            disabled={!rights.publish}
            hint={rights.publish ? undefined : REVIEW_MESSAGES.cantPublish}
          />
          {scheduling && (
            <FormField
              label="Schedule for"
              required
              error={errors.schedule?.message}
              hint="The post appears on the site at this date and time."
            >
              <TextField.Root type="datetime-local" {...register('schedule')} />
            </FormField>
          )}
          <FormField label="SEO Keywords" hint="The first keyword is the post's category on the blog.">
            {(props) => (
              <Controller
                control={control}
                name="seo_keywords"
                render={({ field }) => (
                  <TagInput label="SEO keywords" value={field.value} onChange={field.onChange} {...props} />
                )}
              />
            )}
          </FormField>
        </>
      }
    >
      {guard}
      <ReviewCallouts item={post} locked={locked} publish={rights.publish} />
      <FormField label="Title" required error={errors.title?.message}>
        <TextField.Root {...register('title')} />
      </FormField>
      <SlugField section="blog" field={register('slug')} error={errors.slug?.message} />
      <FormField label="Excerpt" error={errors.excerpt?.message} hint="A sentence or two shown in lists.">
        <TextArea rows={2} {...register('excerpt')} />
      </FormField>
      <Grid columns={{ initial: '1', lg: '2' }} gap="4">
        <FormField
          label="Content"
          required
          error={errors.content?.message}
          hint="Markdown: **bold**, ## headings, - lists, [links](https://…)."
        >
          <TextArea rows={18} className="admin-mono" {...register('content')} />
        </FormField>
        <Flex direction="column">
          <Text as="div" size="2" weight="medium" mb="1" id="preview-label">
            Preview
          </Text>
          <Card variant="surface" className="admin-markdown" aria-labelledby="preview-label" role="region">
            {content.trim() ? (
              <div
                className="admin-markdown__body"
                dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }}
              />
            ) : (
              <Text color="gray" size="2">
                The post as readers will see it.
              </Text>
            )}
          </Card>
        </Flex>
      </Grid>
    </FormLayout>
  );
}
