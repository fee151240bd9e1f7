import { VERIFICATION_LIMITS, VERIFICATION_MESSAGES } from '@linkup/contract';

/** The words of the "Verify your profile" flow (issue 31). Server-given texts come from the contract. */
export const VERIFY_TEXTS = {
  loading: 'Loading your verification',
  what: 'Your verification',
  attemptsLeft: (n: number) => `Attempts left today: ${n}`,
  consent: {
    heading: 'Before you take a selfie',
    intro:
      'To show other members that you are really the person in your photos, we compare a short selfie with your profile photos. ' +
      'A face is biometric data, which the law protects specially (GDPR Art. 9), so we ask for your explicit consent first.',
    checkedHeading: 'What we check',
    checked: [
      'Each photo shows exactly one face.',
      'You make the two poses we ask for, so an old photo cannot be replayed.',
      'It is a live face, not a photo of a screen or a print.',
      'The face matches the face in your main profile photo.',
    ],
    whereHeading: 'Where',
    where: 'On LinkUp’s own server. Your selfie is never sent to another company or service.',
    keptHeading: 'What we keep, and for how long',
    kept: [
      'Your selfies are deleted as soon as the check is decided — if a moderator has to look, when they have decided.',
      'We keep the decision and when it was made, and a fingerprint of each selfie that cannot be turned back into a picture, so nobody can reuse it on another account.',
      'Only while you are verified, an encrypted template of your face, to check that a new main photo is still you. It is deleted when you stop being verified or delete your account.',
      'Your data export lists what we keep.',
    ],
    agree: 'I agree that LinkUp processes my selfie’s biometric data to verify my profile.',
    mustAgree: 'Tick the box to agree, or leave this page if you do not want to verify.',
    start: 'Open the camera',
  },
  camera: {
    opening: 'Opening the camera',
    preview: 'Your camera',
    outline: 'Keep your face inside the outline.',
    capture: 'Take photo',
    timeLeft: (seconds: number) => `Time left ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
    expired: `The ${VERIFICATION_LIMITS.challengeMinutes} minutes for these poses ran out.`,
    newPoses: 'Get new poses',
    preparing: 'Getting your poses',
    refused: 'We could not start the check.',
  },
  noCamera: {
    heading: {
      unsupported: 'No camera here',
      no_camera: 'No camera here',
      denied: 'Camera access is off',
      unavailable: 'The camera did not start',
    },
    why: {
      unsupported: 'This browser cannot use a camera for LinkUp.',
      no_camera: 'We could not find a camera on this device.',
      denied: 'LinkUp was not allowed to use the camera.',
      unavailable: 'Another app may be using the camera. Close it, then try again.',
    },
    allowWeb: 'Allow the camera for this site in your browser’s settings (the icon beside the address), then try again.',
    allowNative: 'Allow the camera for LinkUp in your phone’s Settings, then try again.',
    otherDevice:
      'Or verify on another device: sign in to LinkUp on a phone or computer with a front camera, open your profile and choose “Get verified”.',
    retry: 'Try again',
  },
  checking: 'Checking…',
  checkingHint: 'This takes a few seconds. Keep this page open.',
  result: {
    verified: VERIFICATION_MESSAGES.verified,
    verifiedHint: 'The blue check now shows beside your name wherever members see you.',
    pending: VERIFICATION_MESSAGES.pendingReview,
    pendingHint: 'We will let you know when they have decided. Your selfies are deleted then.',
    rejected: VERIFICATION_MESSAGES.rejected,
    lastRejected: 'Your last attempt did not pass:',
    tryAgain: 'Try again',
    changePhotos: 'Change my photos',
    contact: 'Contact us',
    toProfile: 'Back to my profile',
    noAttempts: VERIFICATION_MESSAGES.limit,
  },
  verifiedOn: (date: string) => `Verified on ${date}.`,
  sendFailed: 'We could not send your selfie.',
} as const;
