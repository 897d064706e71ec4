'use client';

import useSWR from 'swr';
import type { Customer } from '@/contracts';
import { apiFetch } from './fetcher';
import { CUSTOMER_KEY } from './keys';

export function useCustomer() {
  return useSWR<Customer, Error>(CUSTOMER_KEY, () => apiFetch<Customer>(CUSTOMER_KEY), {
    revalidateOnFocus: false,
    // Fetched only when the server could not render it in (a failed customer call leaves no fallback).
    revalidateIfStale: false,
  });
}
