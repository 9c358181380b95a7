import {
  type AdminBlogPost,
  BlogPostId,
  BlogPostInput,
  type BlogPostInputValues,
  ADMIN_MESSAGES as M,
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
import { ReviewActions, ReviewCallouts, useReviewForm } from '../../ui/review';
import { SelectField, STATUS_OPTIONS } from '../../ui/select-field';
import { SlugField } from '../../ui/slug-field';
import { TagInput } from '../../ui/tag-input';
import { useSaveForm } from '../../ui/use-save-form';
import { blogPostsApi } from './api';

/** The featured image's types: jpeg, png or gif. */
const FEATURED_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

type Values = Omit<BlogPostInputValues, 'publish_date'> & {
  seo_keywords: string[];
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
  const status = watch('status');

  /** The body to save: `publish_date` only schedules (the server does the rest). */
  const bodyOf = (values: Values) => {
    // The schema drops the form's own field: read it from the form.
    const schedule = form.getValues('schedule');
    // A future date while published, or null to lift a schedule this post had.
    const publish_date =
      values.status === 'published' && schedule && isFuture(schedule)
        ? new Date(schedule).toISOString()
        : wasScheduled
          ? null
          : undefined;
    return { ...values, publish_date };
  };
  const submit = handleSubmit((values) => save(bodyOf(values)));
  const submitForReview = handleSubmit((values) =>
    review.submit(bodyOf({ ...values, status: 'draft' }), values.title),
  );
  const publish = handleSubmit((values) =>
    review.publish(bodyOf({ ...values, status: 'published' }), values.title),
  );

  return (
    <FormLayout
      label={id ? 'Edit Blog Post' : 'New Blog Post'}
      onSubmit={submit}
      submitLabel={id ? 'Update Post' : 'Create Post'}
      busy={busy || review.busy}
      cancelTo="/admin/blog"
      readOnly={Boolean(locked)}
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
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            error={errors.status?.message}
            disabled={!rights.publish}
            hint={rights.publish ? undefined : REVIEW_MESSAGES.cantPublish}
          />
          {status === 'published' && (
            <FormField
              label="Schedule for"
              hint="Leave empty to publish now. A future date schedules the post."
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
              <div dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }} />
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
