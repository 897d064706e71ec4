'use client';

import useSWR from 'swr';
import type { Customer } from '@/contracts';
import { apiFetch } from './fetcher';

/** The SWR key: the BFF URL itself, which the layout's server render seeds (lib/server). */
export const CUSTOMER_KEY = '/api/customer';

export function useCustomer() {
  return useSWR<Customer, Error>(CUSTOMER_KEY, () => apiFetch<Customer>(CUSTOMER_KEY), {
    revalidateOnFocus: false,
    // Fetched only when the server could not render it in (a failed customer call leaves no fallback).
    revalidateIfStale: false,
  });
}
