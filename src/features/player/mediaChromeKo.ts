import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';

/**
 * media-chrome ships no Korean: the labels screen readers and tooltips use. A label holds the control's visible
 * text as a word (the "10" of the seek icons, the "1x" of the rate button), so speech input can name it (WCAG 2.5.3).
 */
addTranslation('ko', {
  Mute: '음소거',
  Unmute: '음소거 해제',
  Play: '재생',
  Pause: '일시정지',
  'Playback rate': '재생 속도',
  'Playback rate {playbackRate}': '재생 속도 {playbackRate}x',
  'Seek backward': '뒤로 이동',
  'Seek forward': '앞으로 이동',
  'Enter fullscreen mode': '전체 화면',
  'Exit fullscreen mode': '전체 화면 종료',
  'enter fullscreen mode': '전체 화면',
  'exit fullscreen mode': '전체 화면 종료',
  'video player': '강의 영상 플레이어',
  volume: '음량',
  seek: '재생 위치',
  'current playback rate': '현재 재생 속도',
  'playback time': '재생 시간',
  'media loading': '영상 불러오는 중',
  play: '재생',
  pause: '일시정지',
  mute: '음소거',
  unmute: '음소거 해제',
  'seek back {seekOffset} seconds': '{seekOffset} 초 뒤로',
  'seek forward {seekOffset} seconds': '{seekOffset} 초 앞으로',
  'Network Error': '네트워크 오류',
  'A network error caused the media download to fail.': '네트워크 오류로 영상을 불러오지 못했습니다.',
  'Source Not Supported': '지원하지 않는 영상',
  second: '초',
  seconds: '초',
  minute: '분',
  minutes: '분',
  hour: '시간',
  hours: '시간',
  '{time} remaining': '{time} 남음',
  '{currentTime} of {totalTime}': '{totalTime} 중 {currentTime}',
  'video not loaded, unknown time.': '영상을 불러오지 않았습니다.',
});
setLanguage('ko');
