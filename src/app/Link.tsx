/**
 * The site's in-app link: an `<a>` with the route's href whose plain click navigates without a reload
 * (react-router's `useLinkClickHandler`: a modified click, another target or a middle click still open a
 * tab). react-router's own `Link` carries framework mode's prefetching (route manifests, `<link>`
 * descriptors) into every page that has a link, and this site runs in declarative mode, where none of it
 * can run.
 */
import { type AnchorHTMLAttributes, type Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, onClick, target, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/**
 * Whether `to` is the screen shown: the same path (letter case aside, as routes match), or, unless `end`,
 * a path below it.
 */
export function useIsCurrent(to: To, end = false): boolean {
  const here = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const base = target.endsWith('/') ? target : `${target}/`;
  return here.startsWith(base);
}
