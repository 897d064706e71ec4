import { redirect } from 'next/navigation';

// proxy.ts redirects too; this keeps `/` right when the proxy is bypassed or its matcher changes.
export default function Home(): never {
  redirect('/channels');
}
