/**
 * The sections both guides end with: the app on a phone (install, notifications, no network) and how to reach
 * Relais. Worded for each role where it differs.
 */
import type { HelpSection } from './help-content.js';

export function commonSections(role: 'driver' | 'transporter'): HelpSection[] {
  const driver = role === 'driver';
  return [
    {
      id: 'telephone',
      title: 'L’application sur téléphone',
      keywords: 'pwa installer mobile smartphone android iphone écran d’accueil',
      questions: [
        {
          id: 'installer',
          question: 'Comment installer Relais sur mon téléphone ?',
          keywords: 'icône application appli télécharger store',
          body: [
            'Relais s’installe depuis le navigateur, sans passer par un magasin d’applications : sur Android, menu ⋮ de Chrome puis « Installer l’application » ; sur iPhone, bouton Partager de Safari puis « Sur l’écran d’accueil ».',
            'Le pas à pas, avec l’ordinateur, est sur [la page d’installation](/installer-pwa). Installée, Relais s’ouvre en plein écran comme une application.',
          ],
        },
        {
          id: 'notifications',
          question: 'Comment recevoir les notifications ?',
          keywords: 'push alerte son prévenu e-mail mail',
          body: [
            {
              steps: [
                'Ouvrez [Alertes & Notifications](/alerts#preferences).',
                'Touchez « Activer les notifications » et acceptez la demande du navigateur.',
                'Cochez, pour chaque type d’alerte, ce que vous voulez : l’alerte dans Relais, le push sur cet appareil, l’e-mail.',
                'Touchez « Enregistrer les préférences ».',
              ],
            },
            'Le push arrive même Relais fermé, quand aucun écran Relais n’est ouvert. Les e-mails regroupent les alertes non lues : un e-mail par heure au plus ; un incident signalé sur la route part par e-mail aussitôt.',
            driver
              ? 'Types d’alertes : nouvelles missions dans votre zone, candidatures, suivi des missions, messages, documents, paiements et abonnement, avis et badges, vos signalements de bugs.'
              : 'Types d’alertes : candidatures, suivi des missions, messages, documents, paiements et abonnement, avis et badges, vos signalements de bugs.',
          ],
        },
        {
          id: 'hors-connexion',
          question: 'Que se passe-t-il sans réseau ?',
          keywords: 'hors ligne offline zone blanche connexion',
          body: [
            'Relais garde l’application elle-même sur le téléphone une fois installée. Sans réseau :',
            {
              list: [
                'ce qui est déjà affiché reste lisible, mais ne se met pas à jour ;',
                'un message écrit dans une conversation ouverte part dès le retour du réseau ;',
                driver
                  ? 'pendant une mission, vos positions restent sur le téléphone et partent au retour du réseau ;'
                  : 'le chauffeur garde ses positions sur son téléphone : le suivi se complète quand il retrouve du réseau ;',
                'en ouvrant Relais sans réseau, vous voyez « Pas de réseau pour le moment » et le bouton « Réessayer ».',
              ],
            },
            'Postuler, signer ou envoyer un document demandent le réseau : si Relais vous dit « Pas de connexion », réessayez quand il revient.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      title: 'Signaler un problème, nous contacter',
      keywords: 'aide support bug erreur problème contact écrire équipe',
      questions: [
        {
          id: 'signaler-bug',
          question: 'Quelque chose ne marche pas : comment le signaler ?',
          keywords: 'bug bogue capture écran plantage',
          body: [
            {
              steps: [
                'Ouvrez [Signaler un bug](/report-bug) (dans le menu).',
                'Donnez un titre, décrivez ce qui s’est passé, choisissez la catégorie et l’urgence. La page concernée et votre navigateur sont ajoutés tout seuls.',
                'Ajoutez une capture d’écran si vous pouvez.',
              ],
            },
            'Vous suivez vos signalements sur la même page (nouveau, en cours, résolu, fermé) avec la réponse de l’équipe, et vous êtes prévenu par une alerte et un e-mail quand leur état change.',
            'Une faille de sécurité ? Choisissez la catégorie « Sécurité » et n’en parlez pas publiquement avant notre réponse.',
          ],
        },
        {
          id: 'nous-ecrire',
          question: 'Comment joindre l’équipe Relais ?',
          keywords: 'mail adresse email téléphone contacter',
          body: [{ live: 'contact', text: 'écrire e-mail adresse de contact équipe' }],
        },
      ],
    },
  ];
}
