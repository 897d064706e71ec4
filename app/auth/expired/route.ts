import type { NextRequest } from 'next/server';
import { expired } from '@/lib/bff/auth';

export const dynamic = 'force-dynamic';

export const GET = (request: NextRequest): Promise<Response> => expired(request);
