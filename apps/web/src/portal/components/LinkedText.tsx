import { Link } from '../router';

/** Web addresses and portal paths in a message's text (its notice's link, say). */
const ADDRESS = /(https?:\/\/[^\s<>"'，。；）]+|\/portal\/[^\s<>"'，。；）]+)/g;

/** Plain text with its addresses as links: a portal path moves inside the portal, another address opens in a new tab. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(ADDRESS);
  return (
    <>
      {parts.map((part, index) => {
        // split with a capturing group puts the addresses at the odd places
        if (index % 2 === 0) return part;
        const inPortal = part.startsWith('/portal/') || part.startsWith(`${window.location.origin}/portal/`);
        return inPortal
          ? <Link key={index} to={part.replace(window.location.origin, '')}>{part}</Link>
          : <a key={index} href={part} target="_blank" rel="noopener noreferrer">{part}</a>;
      })}
    </>
  );
}
