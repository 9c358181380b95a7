import { AUTH_LIMITS } from '../constants';

const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** The password policy (length, upper and lower case, a number, a special character): the first rule broken, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < AUTH_LIMITS.minPasswordLength) return 'Password must be at least 8 characters long';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least one uppercase letter';
  if (!/[a-z]/.test(password)) return 'Password must contain at least one lowercase letter';
  if (!/[0-9]/.test(password)) return 'Password must contain at least one number';
  if (!SPECIAL.test(password)) return 'Password must contain at least one special character';
  return null;
}
