/** The conversation list and the chat room (one route component for their paths). */
export { MessagesRoute } from '@/app/routes/app/messages';
export { MessageRequestsRoute } from '@/app/routes/app/message-requests';
