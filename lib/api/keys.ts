/** SWR keys are the BFF URLs themselves, so a key says what it fetches. */
export const ME_KEY = '/api/me';
export const CUSTOMER_KEY = '/api/customer';
