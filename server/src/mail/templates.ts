/** The account mails: a plain-text part and an HTML part, both carrying the site name. */
export interface MailContent {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  link: string;
}
type MailKind =
  | 'confirm_signup'
  | 'recovery'
  | 'existing_account'
  | 'invitation'
  | 'review_request'
  | 'inquiry';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function html(
  siteName: string,
  heading: string,
  paragraphs: string[],
  button: string,
  link: string,
  extra = '',
) {
  const site = escapeHtml(siteName);
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n') + extra;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4ef;font-family:Helvetica,Arial,sans-serif;color:#1f1d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:13px;letter-spacing:2px;text-transform:uppercase;color:#8a7a45">${site}</p>
<h1 style="margin:0 0 16px;font-size:22px;font-weight:600">${escapeHtml(heading)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1f1d1a;color:#ffffff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(button)}</a></p>
<p style="margin:0;font-size:12px;color:#6b665c">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
</td></tr></table>
<p style="font-size:12px;color:#6b665c">${site}</p>
</td></tr></table>
</body></html>`;
}

const text = (siteName: string, paragraphs: string[], link: string) =>
  `${siteName}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n-- \n${siteName}\n`;

export function confirmSignupMail(siteName: string, link: string): MailContent {
  const heading = `Confirm your e-mail address`;
  const paragraphs = [
    `Welcome to ${siteName}. Confirm your e-mail address to finish creating your account: the link below signs you in.`,
    'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
  ];
  return {
    kind: 'confirm_signup',
    subject: `Confirm your sign-up to ${siteName}`,
    text: text(siteName, paragraphs, link),
    html: html(siteName, heading, paragraphs, 'Confirm my e-mail address', link),
    link,
  };
}

export function recoveryMail(siteName: string, link: string): MailContent {
  const heading = 'Reset your password';
  const paragraphs = [
    `Someone asked to reset the password of your ${siteName} account. Follow the link below to choose a new one.`,
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.',
  ];
  return {
    kind: 'recovery',
    subject: `Reset your ${siteName} password`,
    text: text(siteName, paragraphs, link),
    html: html(siteName, heading, paragraphs, 'Choose a new password', link),
    link,
  };
}

/** Sent instead of a confirmation when the address already has an account: the answer stays the same. */
export function existingAccountMail(siteName: string, link: string): MailContent {
  const heading = 'You already have an account';
  const paragraphs = [
    `Someone, hopefully you, tried to sign up to ${siteName} with this e-mail address, which already has an account.`,
    'Sign in with it below, or use "Forgot password" there if you no longer know your password. If it was not you, ignore this message.',
  ];
  return {
    kind: 'existing_account',
    subject: `Your ${siteName} account`,
    text: text(siteName, paragraphs, link),
    html: html(siteName, heading, paragraphs, 'Sign in', link),
    link,
  };
}

/** An invitation to the studio's staff: who invites, as what, and the link (7 days, once). */
export function invitationMail(
  siteName: string,
  invite: { by: string; role: string; link: string },
): MailContent {
  const heading = `Join ${siteName}`;
  const paragraphs = [
    `${invite.by} invites you to ${siteName}'s admin panel as ${invite.role}.`,
    'Follow the link below to accept: choose your password, or sign in if this address already has an account. The link works once and expires in 7 days. If you did not expect it, ignore this message.',
  ];
  return {
    kind: 'invitation',
    subject: `You're invited to ${siteName}`,
    text: text(siteName, paragraphs, invite.link),
    html: html(siteName, heading, paragraphs, 'Accept the invitation', invite.link),
    link: invite.link,
  };
}

/** To staff who review (and asked for it): a draft was submitted for review; the link opens its edit form. */
export function reviewRequestMail(
  siteName: string,
  draft: { kind: 'project' | 'post'; title: string; author: string },
  link: string,
): MailContent {
  const noun = draft.kind === 'project' ? 'project' : 'blog post';
  const heading = `A ${noun} is waiting for review`;
  const paragraphs = [
    `${draft.author} submitted the ${noun} "${draft.title}" for review.`,
    'Open it to publish it, or send it back with a note saying what to change.',
    'You get this message because you asked for it on your profile ("E-mail me when a draft is submitted for review"); turn it off there.',
  ];
  return {
    kind: 'review_request',
    subject: `For review: ${draft.title}`,
    text: text(siteName, paragraphs, link),
    html: html(siteName, heading, paragraphs, `Review the ${noun}`, link),
    link,
  };
}

/** The fields of an inquiry, as its mail lists them: label and value (an empty value shows as "Not given"). */
export type InquiryFacts = [label: string, value: string][];

/**
 * To the studio's contact address and to staff who asked for it: a new inquiry, the whole of it (the message
 * with its line breaks), and the link that opens it in the admin panel.
 */
export function inquiryMail(
  siteName: string,
  inquiry: { name: string; subject: string; facts: InquiryFacts; message: string },
  link: string,
): MailContent {
  const heading = `New inquiry from ${inquiry.name}`;
  const facts = inquiry.facts.map(([label, value]) => [label, value || 'Not given'] as const);
  const textBody = [
    `${heading}.`,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `Message:\n${inquiry.message}`,
    'Open it in the admin panel to change its status or reply:',
  ];
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#6b665c;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const extra = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows}</table>
<p style="margin:0 0 16px;white-space:pre-wrap;border-left:3px solid #d8d2c4;padding-left:12px">${escapeHtml(inquiry.message)}</p>`;
  return {
    kind: 'inquiry',
    subject: `New inquiry: ${inquiry.subject || inquiry.name}`,
    text: text(siteName, textBody, link),
    html: html(siteName, heading, [], 'Open the inquiry', link, extra),
    link,
  };
}
