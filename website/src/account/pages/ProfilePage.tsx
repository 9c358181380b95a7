import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { Spinner } from '../components/Feedback';
import { Tabs } from '../components/Tabs';
import { usePageTitle } from '../shell';
import { ProfileInformation } from './profile/ProfileInformation';
import { SecuritySettings } from './profile/SecuritySettings';

const TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'security', label: 'Security Settings' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** /profile: the user's own details, password, devices and two-step verification. */
export function ProfilePage() {
  usePageTitle('Profile');
  const status = useSession((state) => state.status);
  const [tab, setTab] = useState<Tab>(() => (window.location.hash === '#security' ? 'security' : 'profile'));
  useEffect(() => {
    const { pathname, search } = window.location;
    const url = `${pathname}${search}${tab === 'security' ? '#security' : ''}`;
    window.history.replaceState(window.history.state, '', url);
  }, [tab]);

  if (status === 'loading')
    return (
      <div className="auth-page">
        <Spinner label="Loading your profile" />
      </div>
    );
  // Signed out, or the second step still to do: the sign-in page handles both and comes back here.
  if (status !== 'signed-in') return <Navigate to="/auth?redirect=%2Fprofile" replace />;
  return (
    <div className="profile-page">
      <header className="profile-page__head">
        <p className="eyebrow">Your account</p>
        <h1>Profile</h1>
      </header>
      <Tabs label="Profile" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'profile' ? <ProfileInformation /> : <SecuritySettings />}
      </Tabs>
    </div>
  );
}
