// `petstore-mock sdk-check --help | head`: a reader that stops reading closes the pipe under the
// next write. A command-line tool ends quietly then, as cat and git do, instead of dying on an
// unhandled EPIPE with a stack trace.
export function endQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
}
