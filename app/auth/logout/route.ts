import type { NextRequest } from 'next/server';
import { logout } from '@/lib/bff/auth';

export const dynamic = 'force-dynamic';

export const POST = (request: NextRequest): Promise<Response> => logout(request);
