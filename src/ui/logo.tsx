// The Tillpoint mark and word.
/** The product's name: a name, the same in every language. */
const NAME = 'Tillpoint';

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 11h14M16 11v12" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
        <circle cx="23" cy="22" r="2.2" fill="#fbbf24" />
      </svg>
      <span className="logo__word">{NAME}</span>
    </span>
  );
}
