'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { trackArtist, trackTitle } from '@/lib/format/track';
import { playableHref } from '@/lib/player/decisions';
import { usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { heardPlaying } from '@/lib/player/heard';
import {
  agoText,
  isUnheard,
  outputUnknownAtom,
  useHeard,
  useOutputSilent,
  useOutputUnavailable,
} from '@/lib/player/output-state';
import {
  aheadTrackAtom,
  aloneTrackAtom,
  needsTapAtom,
  outputHeardAtAtom,
  playingOnAloneAtom,
  serverUnreachableAtom,
} from '@/lib/player/state';
import { takeOverQuestionAtom } from '@/lib/player/take-over';
import { closedStartQuestionAtom, shopClosedAtom } from '@/lib/player/closed-start';
import { nextTrackSource } from '@/lib/player/track-source';
import {
  getPlayerEngine,
  preloadEngineOnIntent,
  useIsOutputDevice,
  usePlayerEngine,
} from '@/lib/player/use-player-engine';
import { usePlayerRealtime } from '@/lib/player/use-player-realtime';
import { useRememberedZone, useSteeredZone, useZoneAtoms } from '@/lib/player/use-zones';
import { ZoneMenu } from '@/components/zones/ZoneMenu';
import { ZoneQuestions } from '@/components/zones/ZoneQuestions';
import { usePlanHold } from '@/lib/player/plan-hold';
import { useShopDay } from '@/lib/player/use-shop-day';
import { useSpotState } from '@/lib/player/use-spot-state';
import { ConnectionStatus } from '@/components/realtime/ConnectionStatus';
import { DeviceMenu } from '@/components/realtime/DeviceMenu';
import { SpotIndicator } from '@/components/realtime/SpotIndicator';
import { TrackMenu } from '@/components/tracks/TrackMenu';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { Cover } from './Cover';
import { ChevronUpIcon, DevicesIcon, NextIcon, PauseIcon, PlayIcon, SpeakerIcon } from '@/components/ui/icons';
import { PlayModeToggle, PlayModeToggles } from './PlayModeToggles';
import { ProgressLine, SeekLine } from './SeekLine';
import { VolumeControl } from './VolumeControl';
import styles from './PlayerBar.module.scss';

const hu = { player: huPlayer, realtime: huRealtime };

/** The bottom bar: what plays, and every control. Mounted once for the whole session. */
export function PlayerBar() {
  usePlayerEngine();
  // After the engine: the spot element it drives is attached to the engine.
  usePlayerRealtime();
  // Zones (issue 43): the bar steers one zone's player; it turns to the one this device last steered.
  useRememberedZone();
  useZoneAtoms();
  const zone = useSteeredZone();
  const spot = useSpotState();
  const player = usePlayer();
  const actions = usePlayerActions();
  const output = useIsOutputDevice();
  const needsTap = useAtomValue(needsTapAtom);
  const unreachable = useAtomValue(serverUnreachableAtom);
  // The API is away and the device plays on alone: the bar names the track that sounds.
  const alone = useAtomValue(playingOnAloneAtom);
  const aloneTrack = useAtomValue(aloneTrackAtom);
  // The audio device moved on by itself and the server has not named that track yet.
  const aheadTrack = useAtomValue(aheadTrackAtom);
  const unavailable = useOutputUnavailable();
  // What the shop hears, as far as this device knows ('unknown' in the server's render).
  const heard = useHeard();
  // The audio device said it does not sound (a remote's view): the bar says that instead.
  const unheard = !output && isUnheard(heard);
  // While a spot cuts in the music's position stands still by design: that is no silence. Nor is a
  // device that said why it does not sound: it answers.
  const silent = useOutputSilent(spot.current !== null || unheard);
  // It was sounding and stopped answering: it may well still sound (issue 39), so the bar says what it
  // knows, and claims no pause.
  const unknown = useAtomValue(outputUnknownAtom);
  // A manager's press holds the music plan until its next boundary (the bundled API's plan).
  const hold = usePlanHold();
  // Whether the shop is open (the bundled API's opening hours): closed, the bar says until when, and
  // play asks first.
  const shop = useShopDay();
  const closed = shop !== null && !shop.open;
  // Every way to start the music reads it there (closed-start.ts), and asks.
  const store = useStore();
  useEffect(() => {
    store.set(shopClosedAtom, closed);
  }, [store, closed]);
  const [expanded, setExpanded] = useState(false);
  // A pause or a play pressed and not answered yet: the button shows its result at once (the answer
  // replaces it; a refused one brings the old button back with its toast).
  const [pausing, setPausing] = useState(false);
  const [starting, setStarting] = useState(false);
  const moreId = useId();
  // The bar names what the shop hears: on the audio device the track its element plays.
  const track = (alone ? aloneTrack : null) ?? (output ? aheadTrack : null) ?? player?.track ?? null;
  // And where that track came from: a block's start names the new source at once while the old
  // source's track finishes first.
  const [source, setSource] = useState(() => nextTrackSource(null, track?.id ?? null, player?.playable ?? null, false));
  const heardSource = nextTrackSource(
    source,
    track?.id ?? null,
    player?.playable ?? null,
    player?.plan?.applied === true,
  );
  if (heardSource !== source) setSource(heardSource);

  if (!player || !track) {
    const startEmpty = () => void actions.togglePlay();
    return (
      <section
        className={`${styles.bar} ${styles.empty}`}
        aria-label={hu.player.regionLabel}
        data-playing={player?.is_playing ? 'true' : 'false'}
      >
        <ConnectionStatus />
        <Cover src={null} />
        <div className={styles.emptyText}>
          <IntentLink href="/channels" className={styles.emptyLink}>
            {hu.player.empty}
          </IntentLink>
          {zone && <ZoneMenu current={zone} />}
        </div>
        {/* A player without a loaded track still has its play state, which every device shares: the
            server decides what play starts (ours: the chosen channel or list; an API may load its own). */}
        {player && (
          <button
            type="button"
            className={`${styles.playButton} ${styles.emptyPlay}`}
            aria-label={heardPlaying(heard, player) ? hu.player.pause : hu.player.play}
            disabled={unreachable}
            {...preloadEngineOnIntent}
            onClick={startEmpty}
          >
            {heardPlaying(heard, player) ? <PauseIcon size={26} /> : <PlayIcon size={26} />}
          </button>
        )}
        <ClosedStartQuestion />
        <TakeOverQuestion />
        {zone && <ZoneQuestions />}
      </section>
    );
  }

  const playable = heardSource?.playable ?? null;
  const href = playableHref({ ...player, playable });
  // The server says playing, but nothing sounds when its device is gone or the next track could not
  // be fetched: the bar tells that instead of showing a pause button over silence.
  // Playing on alone the music sounds, whatever the lost socket says of the devices.
  // Nor does it show one before it knows what the shop hears, or when the audio device says it does not sound.
  const playing = (heardPlaying(heard, player) && (alone || !unavailable) && !unreachable) || unknown;
  const remote = !output && player.session_id !== null && !unavailable && heard !== 'unknown' && !unheard && !unknown;
  // This device is the audio device and its browser waits for a click or tap before it may sound (its
  // engine's prompt, or its own account of the music: a start the browser keeps silent).
  const tap = output && (needsTap || heard === 'needs_tap');
  // A paused player on a gone device is no story to tell: its play button brings the music here anyway.
  const notice = tap
    ? 'tap'
    : unreachable
      ? 'unreachable'
      : alone
        ? 'alone'
        : unknown
          ? 'unknown'
          : unavailable && player.is_playing
            ? 'unavailable'
            : unheard
              ? heard
              : silent
                ? 'silent'
                : hold
                  ? 'hold'
                  : closed
                    ? 'closed'
                    : null;
  const pressPlay = () => {
    // The press is the gesture the browser waits for.
    if (tap) getPlayerEngine()?.startFromTap();
    // The audio device is online and waits for its own click (or is stuck): it is asked already, and
    // the music stays there; moving it is 'Lejátszás ezen az eszközön'.
    else if (unheard) actions.askOutputToPlay();
    else if (unavailable && !unknown) void actions.playHere();
    else if (playing || starting) {
      setPausing(true);
      void actions.togglePlay().finally(() => setPausing(false));
    } else start();
  };
  function start() {
    const engine = output ? getPlayerEngine() : null;
    // While the shop is closed the start asks first (the action's), and goes on from the yes's click.
    void actions
      .togglePlay(() => {
        // The pause button at once, as the answer will show it; not before this device knows what the
        // shop hears (the first render), where the answer keeps the play button too.
        if (heard !== 'unknown') setStarting(true);
        // On the audio device the music starts inside this click (the browser's condition), then the
        // server is asked; its answer keeps it playing, a refusal pauses it again.
        engine?.playFromGesture(true);
      })
      .finally(() => {
        setStarting(false);
        engine?.settle();
      });
  }
  const showsPause = (playing || starting) && !pausing;

  return (
    <section
      className={`${styles.bar} ${expanded ? styles.expanded : ''} ${notice ? styles.withNotice : ''} ${
        tap ? styles.withPrompt : ''
      }`}
      aria-label={hu.player.regionLabel}
      data-playing={playing ? 'true' : 'false'}
      data-spot={spot.current?.type ?? undefined}
      data-notice={notice ?? undefined}
    >
      <ConnectionStatus />
      <div className={styles.notice} role="status">
        {notice === 'tap' && (
          // Full width above the bar's controls: one click or tap starts the music and any waiting spot.
          <button type="button" className={styles.tapPrompt} onClick={() => getPlayerEngine()?.startFromTap()}>
            <PlayIcon size={28} />
            <span>{hu.player.tapToStart}</span>
          </button>
        )}
        {notice === 'unreachable' && (
          <p className={styles.noticeText} title={hu.player.serverUnreachableHint}>
            {hu.player.serverUnreachable}
          </p>
        )}
        {notice === 'alone' && <p className={styles.noticeText}>{hu.player.serverAwayPlayingOn}</p>}
        {notice === 'unknown' && (
          <>
            <UnknownText title={trackTitle(track)} since={player.output?.since} />
            <button
              type="button"
              className={styles.noticeButton}
              {...preloadEngineOnIntent}
              onClick={() => void actions.playHere(true)}
            >
              <PlayIcon size={18} />
              <span>{hu.player.playHere}</span>
            </button>
          </>
        )}
        {notice === 'closed' && shop?.label && <p className={styles.noticeText}>{shop.label}</p>}
        {notice === 'hold' && hold && (
          <>
            <p className={styles.noticeText}>{hold.label}</p>
            <button type="button" className={styles.noticeButton} onClick={() => void hold.resume()}>
              <span>{hu.player.planResume}</span>
            </button>
          </>
        )}
        {(notice === 'unavailable' || notice === 'silent' || notice === 'needs_tap' || notice === 'stalled') && (
          <>
            <p className={styles.noticeText}>
              {notice === 'silent'
                ? hu.player.outputSilent
                : notice === 'needs_tap'
                  ? hu.player.outputNeedsTap
                  : notice === 'stalled'
                    ? hu.player.outputStalled
                    : hu.player.outputUnavailable}
            </p>
            <button
              type="button"
              className={styles.noticeButton}
              {...preloadEngineOnIntent}
              onClick={() => void actions.playHere(notice === 'silent')}
            >
              <PlayIcon size={18} />
              <span>{hu.player.playHere}</span>
            </button>
          </>
        )}
      </div>
      {!expanded && <ProgressLine />}
      <div className={styles.now}>
        <Cover src={track.image_thumbnail_url} />
        <div className={styles.meta}>
          <SpotIndicator current={spot.current} />
          <p className={styles.title} title={trackTitle(track)}>
            {trackTitle(track)}
          </p>
          <p className={styles.artist}>{trackArtist(track)}</p>
          {output && playing && (
            <p className={styles.here}>
              <SpeakerIcon size={14} />
              <span>{hu.player.here}</span>
            </p>
          )}
          {playable && href && (
            <IntentLink href={href} className={styles.playable}>
              {playable.name}
            </IntentLink>
          )}
          {zone && <ZoneMenu current={zone} />}
        </div>
      </div>

      <div className={styles.center}>
        <div className={styles.buttons}>
          <PlayModeToggle
            mode="random"
            className={`${styles.iconButton} ${styles.toggle} ${styles.wideOnly}`}
            iconSize={24}
          />
          <button
            type="button"
            className={styles.playButton}
            aria-label={unreachable ? hu.player.serverUnreachable : showsPause ? hu.player.pause : hu.player.play}
            disabled={unreachable}
            {...preloadEngineOnIntent}
            onClick={pressPlay}
          >
            {showsPause ? <PauseIcon size={26} /> : <PlayIcon size={26} />}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={hu.player.next}
            disabled={spot.nextBlocked}
            title={spot.nextBlocked ? hu.realtime.nextBlocked : undefined}
            onClick={() => void spot.next()}
          >
            <NextIcon />
          </button>
          <PlayModeToggle
            mode="repeat"
            className={`${styles.iconButton} ${styles.toggle} ${styles.wideOnly}`}
            iconSize={24}
          />
          <DeviceMenu className={`${styles.iconButton} ${styles.compactOnly}`} playingSessionId={player.session_id} />
          <button
            type="button"
            className={`${styles.iconButton} ${styles.moreButton}`}
            aria-label={expanded ? hu.player.less : hu.player.more}
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronUpIcon />
          </button>
        </div>
        <div className={styles.seekRow}>
          <SeekLine onSeek={actions.seek} />
        </div>
      </div>

      <div className={styles.side} id={moreId}>
        <div className={styles.sideButtons}>
          <PlayModeToggles className={`${styles.iconButton} ${styles.toggle} ${styles.compactOnly}`} iconSize={24} />
        </div>
        <DeviceMenu className={`${styles.iconButton} ${styles.wideOnly}`} playingSessionId={player.session_id} />
        {/* The current track's menu ('Szám letiltása'), where an API keeps blocked tracks. */}
        <TrackMenu track={track} className={styles.iconButton} side="top" />
        <VolumeControl volume={player.volume} onChange={actions.setVolume} />
        {remote && (
          <p className={styles.remote}>
            <DevicesIcon size={16} />
            <span>{hu.player.otherDevice}</span>
          </p>
        )}
      </div>
      <ClosedStartQuestion />
      <TakeOverQuestion />
      {zone && <ZoneQuestions />}
    </section>
  );
}

/** 'Nem tudjuk, szól-e a zene. Utoljára: {cím} ({idő}).', its time counted on while it shows. */
function UnknownText({ title, since }: { title: string; since: string | undefined }) {
  // The last sign of the device: a state that showed it moving on, or its last report.
  const heardAt = Math.max(useAtomValue(outputHeardAtAtom), since ? Date.parse(since) || 0 : 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return <p className={styles.noticeText}>{hu.player.outputUnknown(title, agoText(heardAt ? now - heardAt : 0))}</p>;
}

/** 'A bolt zárva van. Elindítja a zenét?', while a start asks it (closed-start.ts). */
function ClosedStartQuestion() {
  const question = useAtomValue(closedStartQuestionAtom);
  return (
    <LazyConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
      title={hu.player.closedPlayTitle}
      confirmLabel={hu.player.closedPlayConfirm}
      cancelLabel={hu.player.closedPlayCancel}
      onConfirm={() => question?.answer(true)}
    />
  );
}

/** 'A zenét szóló eszköz nem válaszol, lehet, hogy még szól. Ide hozza a zenét?', while a move asks it. */
function TakeOverQuestion() {
  const question = useAtomValue(takeOverQuestionAtom);
  return (
    <LazyConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
      title={hu.player.takeOverTitle}
      confirmLabel={hu.player.takeOverConfirm}
      cancelLabel={hu.player.takeOverCancel}
      onConfirm={() => question?.answer(true)}
    />
  );
}
