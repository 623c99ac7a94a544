import * as esbuild from 'esbuild';

/** esbuild contexts kept between builds in one process, by purpose ("client", "server"). */
export type EsbuildContexts = Map<string, { key: string; ctx: esbuild.BuildContext }>;

type Options = esbuild.BuildOptions & { write: false; metafile?: boolean };

/**
 * One esbuild build; with `contexts`, an incremental rebuild when the options are the same as last
 * time (esbuild then re-reads only what changed), which is what makes a warm rebuild fast.
 */
export async function runEsbuild(params: { purpose: string; options: Options; key: string; contexts?: EsbuildContexts }): Promise<esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] }> {
  if (!params.contexts) return (await esbuild.build(params.options)) as esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
  let slot = params.contexts.get(params.purpose);
  if (!slot || slot.key !== params.key) {
    await slot?.ctx.dispose();
    slot = { key: params.key, ctx: await esbuild.context(params.options) };
    params.contexts.set(params.purpose, slot);
  }
  return (await slot.ctx.rebuild()) as esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
}
