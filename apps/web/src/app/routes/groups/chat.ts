/** The conversation list and the chat room. */
export { ChatRoute } from '@/app/routes/app/chat';
export { MessagesRoute } from '@/app/routes/app/messages';

