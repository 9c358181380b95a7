/**
 * The sample studio's social links: written by the seed, and emptied by "Remove sample content" while the
 * owner has not changed them.
 */
export const SAMPLE_SOCIAL_LINKS = {
  facebook_url: 'https://www.facebook.com/khondestudio',
  twitter_url: 'https://twitter.com/khondestudio',
  instagram_url: 'https://www.instagram.com/khondestudio',
  linkedin_url: 'https://www.linkedin.com/company/khonde-studio',
} as const;
