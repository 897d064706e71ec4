import { expired } from '@/lib/bff/auth';

export const dynamic = 'force-dynamic';

export const GET = (): Promise<Response> => expired();
