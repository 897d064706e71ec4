import type { NextRequest } from 'next/server';
import { login } from '@/lib/bff/auth';
import { asPageRedirect, isNativeFormPost } from '@/lib/bff/native-form';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest): Promise<Response> {
  if (!isNativeFormPost(request)) return login(request);
  const email = String((await request.clone().formData()).get('email') ?? '');
  return asPageRedirect(await login(request), email);
}
