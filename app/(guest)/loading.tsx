import { errors } from '@/lib/i18n/hu/errors';

const hu = { errors };

/** Inside the login card: the shop's logo stays while the form loads. */
export default function GuestLoading() {
  return <p role="status">{hu.errors.loading}</p>;
}
