import type { NextRequest } from 'next/server';
import { proxyToUpstream } from '@/lib/bff/proxy';

export const dynamic = 'force-dynamic';

export const POST = (request: NextRequest): Promise<Response> => proxyToUpstream(request);
