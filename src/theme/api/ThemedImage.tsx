import type { ImgHTMLAttributes } from 'react';

export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  sources: { light: string; dark: string };
}

/**
 * Docusaurus's @theme/ThemedImage: an image for each colour mode. Both are in the page, and the
 * stylesheet shows the one of the mode being read (base.css: `.themed-light`, `.themed-dark`), so the
 * page neither flashes the wrong one nor needs a script to pick it.
 */
export default function ThemedImage({ sources, className, alt, ...rest }: ThemedImageProps) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img key={mode} src={sources[mode]} alt={alt} className={className ? `themed-${mode} ${className}` : `themed-${mode}`} {...rest} />
      ))}
    </>
  );
}
