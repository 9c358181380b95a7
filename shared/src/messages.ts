/** User-facing messages of the specification, kept in one place so server and clients agree. */
export const MESSAGES = {
  invalidProjectId: 'Invalid project ID',
  invalidTeamMemberId: 'Invalid team member ID',
  invalidServiceId: 'Invalid service ID',
  invalidInquiryId: 'Invalid inquiry ID',
  invalidBlogPostId: 'Invalid blog post ID',
  invalidBlogPostIdFormat: 'Invalid blog post ID format',
  projectNotFound: 'Project not found',
  blogPostNotFound: 'Blog post not found',
  serviceNotFound: 'Service not found',
  invalidYoutubeUrl: 'Invalid YouTube URL',
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please try again later.',
  bodyTooLarge: 'Request body is too large',
  validationFailed: 'Some fields are missing or invalid',
  internal: 'Something went wrong on our side. Please try again.',
  inquiryRejected: 'Your message could not be sent.',
} as const;
