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
  diskFull: "The server's disk is full: nothing was saved. Free some space on the server, then try again.",
  rateLimited: 'Too many requests. Please try again later.',
  bodyTooLarge: 'Request body is too large',
  validationFailed: 'Some fields are missing or invalid',
  internal: 'Something went wrong on our side. Please try again.',
  inquiryRejected: 'Your message could not be sent.',
  teamMemberNotFound: 'Team member not found',
  inquiryNotFound: 'Inquiry not found',
  videoNotFound: 'Video not found',
  invalidVideoId: 'Invalid video ID',
  invalidActivityId: 'Invalid activity ID',
} as const;

/** Messages of the admin forms and API, the same wherever they show. */
export const ADMIN_MESSAGES = {
  projectRequired: 'Please fill in all required fields',
  imageUrlRequired: 'Please enter an image URL',
  invalidImageUrl: 'Please enter a valid image URL (ends with .jpg, .jpeg, .png, .gif, .webp)',
  thumbnailNotAnImage: 'The thumbnail must be one of the project images',
  blogRequired: 'Title and content are required fields',
  blogIdFormat: 'Invalid blog post ID format. Please go back to the blog list and select a valid post.',
  serviceRequired: 'Name and description are required fields',
  teamRequired: 'Name and role are required fields',
  teamImageRequired: 'An image is required',
  videoRequired: 'Please enter both title and YouTube URL',
  videoInvalidUrl: 'Please enter a valid YouTube URL',
  videoEditRequired: 'Please ensure all required fields are filled',
  invalidUrl: 'Please enter a valid URL (starting with http:// or https://)',
  invalidDate: 'Please enter a valid date (YYYY-MM-DD)',
  invalidDateTime: 'Please enter a valid date and time',
  siteNameRequired: 'Please enter the site name',
  invalidContactEmail: 'Please enter a valid email address',
  activeRequired: 'Choose whether it is active (true or false)',
  featuredRequired: 'featured must be true or false',
  statusRequired: 'Status must be new, in_progress or closed',
  editConflict: 'Someone else saved a change since you opened this. Reload to see it, then edit again.',
  inquiryNoteRequired: 'Write the note first',
  inquiryNoteNotFound: 'Note not found',
  inquiryNoteNotYours: 'Only its author or an administrator can delete this note',
} as const;

/** What a contributor may not do, and the review step's refusals: the same in the API and the admin. */
export const REVIEW_MESSAGES = {
  cantPublish: "Contributors can't publish: submit the draft for review instead.",
  cantFeature: 'Only editors and administrators choose the featured projects.',
  notYours: 'Contributors can change and delete only what they wrote themselves.',
  published: 'This is published: only an editor can change or delete it now.',
  teamMembers:
    'Team members are public as soon as they are saved, so only editors and administrators can add, edit or delete them.',
  notYourFile: 'Contributors can change and delete only the files they uploaded.',
  someNotYours:
    'Some of these files were uploaded by someone else: contributors can delete only their own files. Nothing was deleted.',
  submitDraftOnly: 'Only a draft can be submitted for review.',
  returnInReviewOnly: 'Only a draft submitted for review can be sent back.',
  noteRequired: 'Write a note saying what to change',
  noteTooLong: 'The note must be at most 2000 characters',
} as const;

/** Messages of the accounts API and screens. */
export const AUTH_MESSAGES = {
  credentialsRequired: 'You must provide either an email or phone number and a password',
  invalidEmail: 'Please enter a valid email address',
  passwordsDontMatch: "Passwords don't match",
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  allFieldsRequired: 'All fields are required',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  passwordTooLong: 'Password must be at most 256 characters long',
  invalidCredentials: 'Invalid login credentials',
  currentPasswordIncorrect: 'Current password is incorrect',
  tooManyLogins: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`,
  tooManyResets: (minutes: number) =>
    `Too many password reset attempts. Please try again in ${minutes} minutes.`,
  tooManyVerifications: (minutes: number) =>
    `Too many verification attempts. Please try again in ${minutes} minutes.`,
  signUpSent: 'Please check your email to verify your account.',
  resetSent: 'Please check your email for reset instructions.',
  invalidRefreshToken: 'Invalid Refresh Token',
  invalidLink: 'This link is invalid or has expired.',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  notSignedIn: 'You are not signed in or your session has expired',
  adminOnly: "You don't have admin privileges to access this page.",
  mfaRequired: 'Verify your second factor (authenticator code) to continue',
  adminMfaRequired: 'Admins must verify a second factor (authenticator code) to use the admin area',
  staffMfaRequired:
    'The studio requires two-step verification for your role: verify a second factor (authenticator code) to use the admin area',
  roleForbidden: "Your role doesn't allow this. Ask the studio's owner or an administrator.",
  deactivated:
    "This account has been deactivated. Ask the studio's owner or an administrator to reactivate it.",
  csrf: 'Missing or invalid anti-forgery token (X-CSRF-Token)',
  emailNotEditable: 'To change your email, please contact support.',
  invalidTotp: 'Invalid TOTP code entered',
  invalidRecoveryCode: 'Invalid recovery code',
  totpAlreadyEnrolled: 'An authenticator app is already set up for this account',
  factorNotFound: 'Factor not found',
  challengeExpired: 'This challenge has expired. Please request a new one.',
  factorCodeRequired: 'Enter a code from your authenticator app or a recovery code',
  sessionNotFound: 'Session not found',
  notAnImage: 'Please upload an image file (PNG, JPEG, GIF or WebP)',
  noFile: 'No file provided',
  adminExists: 'An administrator already exists',
  ownerExists: 'The studio already has an owner: ownership moves only by the owner’s transfer',
  accountExists: 'An account with this email already exists',
  invalidSetupLink: 'This setup link is invalid or has expired. Restart the server for a new one.',
} as const;

/** Messages of the People screen, invitations and the staff's accounts. */
export const PEOPLE_MESSAGES = {
  personNotFound: 'Person not found',
  invalidPersonId: 'Invalid person ID',
  invitationNotFound: 'Invitation not found',
  invalidInvitation: 'This invitation is invalid or has expired.',
  roleRequired: 'Choose a role: Administrator, Editor or Contributor',
  roleFilter: 'role must be owner, admin, editor or contributor',
  ownerProtected:
    "The owner's role cannot be changed, and the owner cannot be deactivated or deleted: the owner transfers ownership first.",
  adminsByOwner:
    'Only the owner can grant the administrator role or change, deactivate or delete an administrator.',
  notYourself: 'You cannot change your own role, deactivate or delete yourself here.',
  alreadyStaff: 'This person already has access to the studio.',
  deactivatedStaff: 'This person is deactivated: reactivate them instead of inviting them again.',
  invitationPending: 'An invitation to this address is waiting: resend it instead.',
  invitationClosed: 'This invitation was already accepted or canceled.',
  reauthenticationRequired:
    'Confirm your password to continue: this change needs it within the last 10 minutes.',
  passwordRequired: 'Please enter your password',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  transferTarget: 'Ownership can only go to an active member of the staff other than you.',
  reassignTarget: 'Content can only go to an active member of the staff other than the person deleted.',
  mfaLockout:
    'Set up two-step verification on your profile first: this rule would shut you out of the admin area.',
  mfaRequirement: 'require_mfa_for must be none, admins or staff',
} as const;

/** The address (slug) field of the project, post and service forms. */
export const SLUG_MESSAGES = {
  tooLong: 'The address must be at most 80 characters',
  noLetters: 'The address needs at least one letter or digit',
  uuid: 'The address cannot look like an id; use words',
  taken: (what: string) => `Another ${what} already has this address`,
} as const;
