'use client';

import { useState } from 'react';

/** The one client component: it makes the page hydrate, as every page of ours does. */
export function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" className="counter" data-count={count} onClick={() => setCount((c) => c + 1)}>
      {count}
    </button>
  );
}
