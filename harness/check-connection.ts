import type { Exchange, Reply } from './exchange.js';
import { CheckSetupError } from './failure.js';
import { HttpClient, type SendOptions } from './http-client.js';
import type { RunSettings } from './settings.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { exchangeIdPrefix } from './evidence.js';
import { RunLedger } from './ledger.js';
import { ReadBackSigns } from './read-back-signs.js';
import { rateBucket, type RateBucket } from './rate-bucket.js';
import { requestSlots } from './request-slots.js';
import { scrubSecrets } from './redact.js';
import { secretsOf } from './secrets.js';
import { ServerErrorWatch } from './server-error-watch.js';
import { tokenRefresher, type TokenRefresher } from './token-source.js';
import { TrafficRecorder } from './traffic.js';
import type { Api } from '../contracts/operations.js';

// How one check talks to the target: its HTTP client (bounded by the run's slots and rate, with
// tokens renewed from their command), and what each answer is also told to: the run's ledger of
// what the check creates, the traffic file exchanges.har is written from, the signs of a target
// that keeps no state, and the watch on 5xx answers.

export interface CheckIdentity {
  title: string;
  /** The job of a run of several (the self-test's), when there is one. */
  job?: string;
  /** The API the check is about: whose no-5xx rule a 5xx to a request of neither spec breaks. */
  api: Api;
  /** The run's name for the shared rate bucket and token renewal. */
  run: string;
}

/** A traffic line that cannot be written (a full disk, a removed report folder): one line naming the file. */
export class TrafficWriteError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `could not write the run's traffic to ${file}: ` +
        (cause instanceof Error ? cause.message : String(cause)).split('\n')[0],
    );
    this.name = 'TrafficWriteError';
  }
}

export class CheckConnection {
  readonly http: HttpClient;
  readonly tokens: TokenRefresher | undefined;
  readonly rate: RateBucket | undefined;
  readonly readBacks = new ReadBackSigns();
  readonly serverErrors: ServerErrorWatch;
  /** Once the run is interrupted the body sends nothing more; its cleanups still do. */
  cleaningUp = false;
  private readonly ledger: RunLedger | undefined;
  private readonly traffic: TrafficRecorder | undefined;

  constructor(
    private readonly target: TargetProfile,
    private readonly settings: RunSettings,
    identity: CheckIdentity,
    private readonly interrupted: AbortSignal,
  ) {
    this.rate = settings.ratePerWorker !== undefined ? rateBucket(settings.ratePerWorker, identity.run) : undefined;
    this.tokens = tokenRefresher(target, identity.run, secretsOf(target));
    const label = identity.job ? `${identity.job}: ${identity.title}` : identity.title;
    // An entry is scrubbed again as it goes into the HAR, of the tokens renewed by then too.
    const scrub = (text: string): string => scrubSecrets(text, this.secrets);
    this.traffic = settings.trafficFile ? new TrafficRecorder(settings.trafficFile, label, scrub) : undefined;
    this.serverErrors = new ServerErrorWatch(identity.api);
    this.http = new HttpClient({
      baseUrl: target.baseUrl,
      timeoutMs: settings.timeoutMs,
      secrets: this.secrets,
      connections: Math.max(settings.concurrency, settings.slotsCeilingPerWorker ?? 0) * 2,
      slots: requestSlots(
        settings.slotsPerWorker ?? settings.concurrency,
        settings.slotsCeilingPerWorker,
        settings.ratePerWorker,
      ),
      exchangeIdPrefix: exchangeIdPrefix(identity.title, identity.job),
      ...(this.rate ? { rate: this.rate } : {}),
      ...(this.tokens ? { tokens: this.tokens } : {}),
      ...(this.traffic
        ? {
            onExchange: (exchange: Exchange, startedAt: number, blockedMs: number) =>
              this.recordTraffic((recorder) => recorder.exchange(exchange, startedAt, undefined, blockedMs)),
          }
        : {}),
    });
    // What the check creates goes into the run's ledger as soon as it is answered.
    this.ledger = settings.ledgerFile
      ? new RunLedger(settings.ledgerFile, { target, run: settings.runId, check: identity.title })
      : undefined;
  }

  /** Every credential of the target; with tokens from a command, the list grows as they are renewed. */
  get secrets(): readonly string[] {
    return this.tokens?.secrets ?? secretsOf(this.target);
  }

  async send(options: SendOptions): Promise<Reply> {
    if (this.interrupted.aborted && !this.cleaningUp)
      throw new CheckSetupError('the run was interrupted: the check sends nothing more and cleans up');
    const reply = await this.http.send(options);
    this.ledger?.note(options, reply);
    this.readBacks.note(options, reply);
    this.serverErrors.note(reply);
    return reply;
  }

  /** The check has ended: the rules each of its exchanges informed (by exchange id) go to the traffic file. */
  finishTraffic(rulesByExchange: ReadonlyMap<string, readonly string[]>): void {
    this.recordTraffic((recorder) => recorder.finish(rulesByExchange));
  }

  private recordTraffic(write: (recorder: TrafficRecorder) => void): void {
    if (!this.traffic) return;
    try {
      write(this.traffic);
    } catch (error) {
      throw new TrafficWriteError(this.settings.trafficFile!, error);
    }
  }
}
