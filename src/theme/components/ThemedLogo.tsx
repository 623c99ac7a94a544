// A logo with Docusaurus's `srcDark`: both images are in the HTML and the colour mode's CSS shows one,
// so the right logo is there before any script runs (the mode is set on <html> before first paint).
export function ThemedLogo(props: { className: string; src: string; srcDark?: string; alt: string; width?: number; height?: number }) {
  const { className, src, srcDark, alt, width, height } = props;
  const withMode = (mode: string) => (className ? `${className} ${mode}` : mode);
  if (!srcDark || srcDark === src) return <img className={className || undefined} src={src} alt={alt} width={width} height={height} />;
  return (
    <>
      <img className={withMode('themed-light')} src={src} alt={alt} width={width} height={height} />
      <img className={withMode('themed-dark')} src={srcDark} alt={alt} width={width} height={height} />
    </>
  );
}
