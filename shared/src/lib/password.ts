import { AUTH_LIMITS } from '../constants';

/**
 * The password policy, one rule a line: what the form's checklist says and the message when it is broken.
 * The special character is any character that is neither a letter nor a digit (a hyphen, a space, an é is a
 * letter).
 */
export const PASSWORD_RULES = [
  {
    label: `At least ${AUTH_LIMITS.minPasswordLength} characters`,
    met: (password: string) => password.length >= AUTH_LIMITS.minPasswordLength,
    message: `Password must be at least ${AUTH_LIMITS.minPasswordLength} characters long`,
  },
  {
    label: 'An uppercase letter',
    met: (password: string) => /[A-Z]/.test(password),
    message: 'Password must contain at least one uppercase letter',
  },
  {
    label: 'A lowercase letter',
    met: (password: string) => /[a-z]/.test(password),
    message: 'Password must contain at least one lowercase letter',
  },
  {
    label: 'A number',
    met: (password: string) => /[0-9]/.test(password),
    message: 'Password must contain at least one number',
  },
  {
    label: 'A special character (not a letter or number)',
    met: (password: string) => /[^\p{L}\p{N}]/u.test(password),
    message: 'Password must contain at least one special character',
  },
] as const;

/** The password policy (length, upper and lower case, a number, a special character): the first rule broken, or null. */
export function passwordProblem(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.met(password))?.message ?? null;
}
