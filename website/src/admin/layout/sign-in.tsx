import { normalizeEmail, type SecondFactorMethod } from '@atelier/shared';
import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { useSiteName } from '../api/site';
import { useAdminSession, usePlatform } from '../platform-context';
import { FormField } from '../ui/form-field';
import { usePageTitle } from '../ui/use-page-title';

/**
 * Signing in inside the admin UI, for a shell without its own sign-in screen (the desktop app): e-mail and
 * password, then, when the account has an authenticator, its code or one of the recovery codes (the person
 * chooses). The browser's gate signs in on /admin/login before the admin UI loads.
 */
export function AdminSignIn() {
  usePageTitle('Admin Login');
  const platform = usePlatform();
  const siteName = useSiteName();
  const { session } = useAdminSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<SecondFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const secondStep = session?.secondFactorPending ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!secondStep && (!email.trim() || !password)) return setError('Email and password are required');
    setBusy(true);
    try {
      if (secondStep) await platform.session.verifySecondFactor(method, code);
      else await platform.session.signIn(normalizeEmail(email), password);
    } catch (failure) {
      setError(messageOf(failure, secondStep ? 'Verification failed' : 'Failed to login'));
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setMethod(method === 'totp' ? 'recovery' : 'totp');
    setCode('');
    setError('');
  };

  return (
    <Flex align="center" justify="center" minHeight="100vh" p="4" className="admin-sign-in">
      <Card size="4" style={{ width: 'min(100%, 400px)' }}>
        <form onSubmit={submit} noValidate aria-label="Admin Login">
          <Flex direction="column" gap="4">
            <Box>
              <Text size="2" color="gray">
                {siteName}
              </Text>
              <Heading as="h1" size="6">
                {secondStep ? 'Two-step verification' : 'Admin Panel'}
              </Heading>
            </Box>
            {error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            {secondStep ? (
              <FormField label={method === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}>
                <TextField.Root
                  key={method}
                  autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
                  inputMode={method === 'totp' ? 'numeric' : 'text'}
                  spellCheck={false}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </FormField>
            ) : (
              <>
                <FormField label="Email">
                  <TextField.Root
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </FormField>
                <FormField label="Password">
                  <TextField.Root
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </FormField>
              </>
            )}
            <Button type="submit" size="3" loading={busy}>
              {secondStep ? 'Verify' : 'Sign in'}
            </Button>
            {secondStep && (
              <Button type="button" variant="ghost" size="2" onClick={switchMethod}>
                {method === 'totp' ? 'Use a recovery code instead' : 'Use my authenticator app'}
              </Button>
            )}
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}
