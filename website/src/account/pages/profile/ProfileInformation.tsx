import { type AuthUser, can, AUTH_MESSAGES as M, UPLOAD_IMAGE_TYPES } from '@atelier/shared';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { authed, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
import { Avatar } from '../../components/Avatar';
import { Field } from '../../components/Field';

/**
 * Profile Information: avatar, first and last name; the e-mail shown but not editable; for staff who review
 * drafts, whether to be e-mailed when one is submitted; for staff who read inquiries, when one arrives.
 */
export function ProfileInformation() {
  const user = useSession((state) => state.user) as AuthUser;
  const [first, setFirst] = useState(user.profile.first_name ?? '');
  const [last, setLast] = useState(user.profile.last_name ?? '');
  const reviewer = can(user.role, 'publish');
  const [notify, setNotify] = useState(user.profile.notify_reviews);
  const readsInquiries = can(user.role, 'inquiries');
  const [notifyInquiries, setNotifyInquiries] = useState(user.profile.notify_inquiries);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const updated = await authed<AuthUser>('/auth/v1/user', {
        method: 'PUT',
        body: {
          first_name: first,
          last_name: last,
          ...(reviewer ? { notify_reviews: notify } : {}),
          ...(readsInquiries ? { notify_inquiries: notifyInquiries } : {}),
        },
      });
      useSession.setState({ user: updated });
      showToast('Profile Updated', 'Your profile has been updated successfully.');
    } catch (failure) {
      showToast('Update Error', messageOf(failure, 'Failed to update profile'), 'destructive');
    } finally {
      setSaving(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', chosen);
      const { profile } = await authed<{ profile: AuthUser['profile'] }>('/api/profile/avatar', {
        body: form,
      });
      useSession.setState({ user: { ...user, profile } });
      showToast('Avatar Updated', 'Your new picture is saved.');
    } catch (failure) {
      showToast('Upload Error', messageOf(failure, 'Failed to upload image'), 'destructive');
    } finally {
      setUploading(false);
    }
  };

  const removeAvatar = async () => {
    setUploading(true);
    try {
      const updated = await authed<AuthUser>('/auth/v1/user', { method: 'PUT', body: { avatar_url: null } });
      useSession.setState({ user: updated });
      showToast('Avatar Removed', 'Your initials show in place of the picture.');
    } catch (failure) {
      showToast('Update Error', messageOf(failure, 'Failed to update profile'), 'destructive');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="profile-section">
      <div className="avatar-editor">
        <Avatar user={user} size={96} />
        <div className="avatar-editor__actions">
          <input
            ref={file}
            id="avatar-file"
            className="visually-hidden"
            type="file"
            tabIndex={-1}
            aria-label="Avatar image"
            accept={UPLOAD_IMAGE_TYPES.join(',')}
            onChange={upload}
            disabled={uploading}
          />
          <button
            type="button"
            className="button button--outline"
            onClick={() => file.current?.click()}
            disabled={uploading}
            aria-describedby="avatar-hint"
          >
            {uploading ? 'Uploading...' : 'Upload Photo'}
          </button>
          {user.profile.avatar_url && (
            <button type="button" className="text-button" onClick={removeAvatar} disabled={uploading}>
              Remove photo
            </button>
          )}
          <p className="field__hint" id="avatar-hint">
            PNG, JPEG, GIF or WebP, up to 10 MB. It is cut to a square.
          </p>
        </div>
      </div>
      <form
        className="account-form account-form--wide"
        onSubmit={save}
        noValidate
        aria-label="Profile Information"
      >
        <div className="account-form__row">
          <Field
            label="First Name"
            name="first_name"
            autoComplete="given-name"
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
          <Field
            label="Last Name"
            name="last_name"
            autoComplete="family-name"
            value={last}
            onChange={(e) => setLast(e.target.value)}
          />
        </div>
        <Field
          label="Email"
          type="email"
          name="email"
          value={user.email}
          readOnly
          hint={M.emailNotEditable}
        />
        {reviewer && (
          <CheckField
            id="notify-reviews"
            checked={notify}
            onChange={setNotify}
            label="E-mail me when a draft is submitted for review"
            hint="A message with a link to the draft, each time a contributor submits one."
          />
        )}
        {readsInquiries && (
          <CheckField
            id="notify-inquiries"
            checked={notifyInquiries}
            onChange={setNotifyInquiries}
            label="E-mail me when an inquiry arrives"
            hint="The whole inquiry, with a link to it, each time a client writes through the contact form."
          />
        )}
        <button type="submit" className="button account-form__submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </div>
  );
}

/** A switch of the profile with its label and hint. */
function CheckField(props: {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  hint: string;
}) {
  return (
    <div className="check-field">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <label htmlFor={props.id}>{props.label}</label>
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      </div>
    </div>
  );
}
