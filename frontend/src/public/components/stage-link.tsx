import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../site-context';
import { hrefForStage, isInternalHref } from '../stage';

interface SmartLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page';
  onClick?: () => void;
}

/**
 * A link from page content: internal paths go through the router and keep stage=draft in the
 * draft view; anything else (tickets, mailto, socials) is a plain anchor, opened in a new tab when external.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const site = useSite();
  if (isInternalHref(href)) {
    return (
      <Link to={hrefForStage(href, site)} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
