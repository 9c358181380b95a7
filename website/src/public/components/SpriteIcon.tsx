import sprite from '../icons.svg';

export type SpriteIconName =
  | 'facebook'
  | 'twitter'
  | 'instagram'
  | 'linkedin'
  | 'pin'
  | 'phone'
  | 'mail'
  | 'clock';

/**
 * A decorative icon from the site's sprite (icons.svg, a hashed file cached once for every page). It is
 * sized by the page's CSS and drawn in the fill and stroke its <svg> is given or inherits.
 */
export function SpriteIcon({
  name,
  className,
  fill,
}: {
  name: SpriteIconName;
  className?: string;
  fill?: string;
}) {
  return (
    <svg className={className} fill={fill} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
