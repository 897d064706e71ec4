import { notFound } from 'next/navigation';

/** Any other address of a logged-in user: the not-found page inside the main layout. */
export default function MissingPage(): never {
  notFound();
}
