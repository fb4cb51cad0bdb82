import { ConfigError } from './config';
import { DataDirLockedError } from './db/lock';
import { onShutdown, startServer } from './start';

try {
  const server = await startServer();
  console.info(`Pactum is running at ${server.config.publicUrl}`);
  onShutdown(() => server.close());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
