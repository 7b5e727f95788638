/** An integration's local logo; a failing image is replaced by a generic icon. */
import { Plug } from 'lucide-react';
import { useState } from 'react';

export function IntegrationLogo({ type, name }: { type: string; name: string }) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <span className="flex h-10 w-10 items-center justify-center rounded-md bg-slate-100" aria-label={name}>
        <Plug className="h-5 w-5 text-slate-500" />
      </span>
    );
  return (
    <img
      src={`/integrations/${type}.svg`}
      alt={name}
      width={40}
      height={40}
      className="h-10 w-10 rounded-md"
      onError={() => setBroken(true)}
      loading="lazy"
    />
  );
}
