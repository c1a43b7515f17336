/**
 * The transporters' help (/transporter-documentation): the dispatcher's side of the same product, every sentence
 * checked against the code; figures come from the rules in `core`.
 */
import { BADGE_LABELS, BADGE_MEANINGS } from '#core/rules/badges.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '#core/rules/money.js';
import {
  DOCUMENT_LABELS,
  PRICING_LABELS,
  REQUIRED_DOCUMENTS,
  START_EARLY_HOURS,
} from '#core/rules/missions.js';
import { coordinationNote } from '#core/rules/plans.js';
import { REVIEW_WINDOW_DAYS } from '#core/rules/reviews.js';
import { FREEMIUM_LIMITS } from '#core/rules/tariffs.js';
import { SAMPLE_MIN_METERS, SAMPLE_MIN_SECONDS, TRACKING_RETENTION_DAYS } from '#core/rules/tracking.js';
import { commonSections } from './common-help.js';
import type { HelpGuide } from './help-content.js';

const terms = PAYMENT_TERMS.map((value) => PAYMENT_TERMS_LABELS[value].toLowerCase()).join(', ');
const pricing = Object.values(PRICING_LABELS)
  .map((label) => label.toLowerCase())
  .join(', ');

export const TRANSPORTER_GUIDE: HelpGuide = {
  role: 'transporter',
  title: 'Documentation transporteur',
  intro:
    'Publier, choisir, suivre, régler : ce que Relais fait pour votre exploitation. Cherchez un mot, ou ouvrez une rubrique du sommaire.',
  sections: [
    {
      id: 'premiers-pas',
      title: 'Premiers pas',
      keywords: 'commencer début inscription compte entreprise',
      questions: [
        {
          id: 'inscription',
          question: 'Comment inscrire mon entreprise ?',
          keywords: 'siret société créer compte gratuit',
          body: [
            {
              steps: [
                'Sur la page « Créer un compte » (bouton « S’inscrire » en haut du site), choisissez l’onglet « Transporteur ».',
                'Indiquez le nom de l’entreprise, son numéro SIRET (14 chiffres, dont Relais contrôle la clé), le nom du contact, l’e-mail, le téléphone et un mot de passe (6 caractères au moins).',
                'Touchez « Créer mon compte transporteur » : Relais vous envoie un e-mail, dont le lien crée votre compte et vous connecte.',
              ],
            },
            'L’inscription est gratuite et ne demande pas de carte bancaire.',
          ],
        },
        {
          id: 'verification-email',
          question: 'Pourquoi confirmer mon adresse e-mail ?',
          keywords: 'mail lien vérifier confirmer courriel',
          body: [
            'À l’inscription, Relais vous envoie un lien valable 24 heures : c’est lui qui crée votre compte, adresse confirmée. Lien perdu ou trop ancien ? Inscrivez-vous de nouveau avec la même adresse.',
            'Pour changer d’adresse ensuite : [Paramètres](/parametres).',
          ],
        },
        {
          id: 'profil',
          question: 'Que mettre dans le profil de l’entreprise ?',
          keywords: 'ville siège logo photo',
          body: [
            'Dans [le profil](/profile), indiquez au moins la ville du siège : les chauffeurs savent d’où partent vos missions. Le tableau de bord affiche « Pour bien démarrer » tant qu’une étape manque (adresse confirmée, ville renseignée, première mission publiée).',
          ],
        },
      ],
    },
    {
      id: 'publier',
      title: 'Publier une mission',
      keywords: 'annonce offre poster créer mission',
      questions: [
        {
          id: 'publier-etapes',
          question: 'Comment publier une mission ?',
          keywords: 'formulaire adresse date prix véhicule',
          body: [
            {
              steps: [
                'Dans [Missions](/missions), touchez « Publier une mission ».',
                'Donnez un titre, une description, les adresses de ramassage et de livraison (choisissez une suggestion, ou « Placer sur la carte »), le début et la fin.',
                'Choisissez le type de véhicule : il fixe le permis demandé.',
                `Indiquez le prix, la tarification (${pricing}) et le délai de paiement (${terms}).`,
                'Cochez les documents exigés et le cadre d’engagement, et « Mission urgente » si besoin.',
                'Touchez « Publier la mission ».',
              ],
            },
            'Les chauffeurs qui correspondent (permis, véhicule, zone, disponibles ce jour-là) reçoivent une alerte aussitôt.',
          ],
        },
        {
          id: 'documents-exiges',
          question: 'Quels documents puis-je exiger ?',
          keywords: 'permis carte conducteur adr fimo fco matières dangereuses',
          body: [
            `${REQUIRED_DOCUMENTS.map((document) => DOCUMENT_LABELS[document]).join(', ')}. Rien n’est coché d’avance : demandez ce dont vous avez besoin.`,
            'Si la marchandise parle de matières dangereuses (ADR, numéro ONU), l’ADR est exigé même sans case cochée.',
            'Un chauffeur ne peut postuler que si chaque document exigé est valable jusqu’au dernier jour de la mission (vérifié, ou en cours de vérification par Relais).',
          ],
        },
        {
          id: 'cadre-engagement',
          question: 'Contrat court ou prestation d’indépendant ?',
          keywords: 'cdd intérim salarié indépendant facture statut',
          body: [
            'Contrat court : vous embauchez le chauffeur pour la mission (CDD ou intérim), vous déclarez l’embauche et remettez un bulletin de paie.',
            'Prestation d’indépendant : le chauffeur est un transporteur inscrit au registre, avec son propre véhicule ; il vous facture.',
            'Pour le transport routier de marchandises, le délai de paiement ne peut dépasser 30 jours après la facture : Relais ne propose pas plus.',
          ],
        },
        {
          id: 'modifier-annuler',
          question: 'Puis-je modifier ou annuler une mission ?',
          keywords: 'changer supprimer annulation',
          body: [
            'Tant qu’aucun chauffeur n’est retenu, « Modifier » sur la mission. Ensuite, la mission ne se modifie plus.',
            '« Annuler la mission » reste possible avant le départ, avec un motif : le chauffeur retenu et les candidats sont prévenus.',
          ],
        },
        {
          id: 'dupliquer',
          question: 'Comment refaire une mission déjà publiée ?',
          keywords: 'copier dupliquer copie refaire même mission',
          body: [
            '« Dupliquer » sur la fiche de la mission, quel que soit son statut : le formulaire s’ouvre rempli, aux mêmes heures, le prochain jour ouvré. Vérifiez, changez ce qui doit l’être, puis « Publier la mission ».',
          ],
        },
        {
          id: 'recurrentes',
          question: 'Comment publier une mission qui revient chaque semaine ?',
          keywords: 'récurrente série répéter chaque lundi hebdomadaire régulière',
          body: [
            {
              steps: [
                'Remplissez le formulaire de publication pour la première mission, puis cochez « Répéter cette mission ».',
                'Choisissez les jours de la semaine, la fin de la série (un nombre de missions, une date, ou jamais), combien de jours avant chaque mission la publier, et que faire les jours fériés (ne pas publier, ou décaler au jour ouvré suivant).',
                'Touchez « Créer la série ».',
              ],
            },
            'Chaque mission de la série est une mission à part entière (candidatures, chauffeur, paiement), publiée d’elle-même quelques jours avant son jour. Vos séries sont dans [Missions récurrentes](/recurring-missions) : « Modifier » change les missions pas encore publiées, « Arrêter la série » n’en publie plus.',
          ],
        },
      ],
    },
    {
      id: 'choisir',
      title: 'Choisir un chauffeur',
      keywords: 'candidat candidature sélection recruter',
      questions: [
        {
          id: 'candidatures',
          question: 'Où voir les candidatures ?',
          keywords: 'candidats liste comparer profil',
          body: [
            'Sur la page de la mission, la rubrique « Candidatures ». Pour chaque candidat : permis, expérience, note et nombre d’avis, badges, l’état de chaque document exigé, et « Non vérifié » tant que Relais n’a pas validé le chauffeur. Les chauffeurs Elite apparaissent en tête, marqués « Elite ».',
            'Vous pouvez ouvrir les documents que Relais a vérifiés tant que la candidature est en cours ; le chauffeur voit chaque ouverture. « Écrire » ouvre la conversation, et le profil montre ses avis publiés.',
          ],
        },
        {
          id: 'retenir',
          question: 'Comment retenir un chauffeur ?',
          keywords: 'choisir accepter sélectionner',
          body: [
            '« Retenir ce chauffeur » demande confirmation : il voit alors votre téléphone, la mission ne se modifie plus, et les autres candidats en attente sont prévenus qu’ils ne sont pas retenus.',
            'Relais écrit alors le document d’engagement (proposition de contrat court ou ordre de transport, en PDF) que vous signez tous les deux sur la mission. Le départ demande les deux signatures, ou votre accord écrit pour démarrer sans.',
            'Si le chauffeur se désiste, la mission redevient ouverte et les candidatures mises de côté reviennent en attente.',
          ],
        },
        {
          id: 'temps-de-conduite',
          question: 'Relais vérifie-t-il les temps de conduite ?',
          keywords: 'temps de conduite repos règlement 561/2006 chronotachygraphe double réservation',
          body: [
            'Un chauffeur ne tient qu’une mission à la fois : s’il est déjà retenu sur une mission dont les horaires chevauchent la vôtre, « Retenir ce chauffeur » est grisé et le dit.',
            'Relais estime aussi la conduite de chaque mission d’après ses adresses (par la route quand un service d’itinéraire est configuré, sinon distance à vol d’oiseau × 1,3, à 65 km/h) et la confronte, avec ses autres missions sur Relais et la conduite qu’il déclare faite ailleurs (vous voyez le verdict, pas ses journées), aux limites du règlement (CE) n° 561/2006 : 9 h de conduite par jour (10 h deux fois par semaine, article 6, paragraphe 1), 56 h par semaine (article 6, paragraphe 2), 90 h sur deux semaines (article 6, paragraphe 3), une pause de 45 min après 4 h 30 (article 7), un repos journalier de 11 h (9 h trois fois entre deux repos hebdomadaires, article 8) et un repos hebdomadaire au plus tard après six périodes de 24 h (article 8, paragraphe 6).',
            'Si votre mission dépasse une limite, la candidature le dit avec les chiffres, et retenir ce chauffeur demande une raison (un second conducteur, par exemple), inscrite à l’historique de la mission : l’entreprise répond des infractions de ses conducteurs qu’elle a favorisées (article 10). Le chauffeur reste responsable de sa conduite hors Relais et de son chronotachygraphe.',
          ],
        },
        {
          id: 'badges-chauffeurs',
          question: 'Que veulent dire les badges des chauffeurs ?',
          keywords: 'badge fiable expert',
          body: [
            { list: BADGE_TYPES.map((type) => `${BADGE_LABELS[type]} : ${BADGE_MEANINGS[type]}`) },
            'Ils sont calculés à partir des données de Relais (sauf Éco-conduite, attribué par l’équipe) et disparaissent si le chauffeur repasse sous le seuil.',
          ],
        },
        {
          id: 'chauffeurs-disponibles',
          question: 'Puis-je chercher des chauffeurs disponibles à une date ?',
          keywords: 'disponibilité disponible date zone recherche chauffeur',
          body: [
            'Oui : ouvrez [Trouver des chauffeurs disponibles](/availability) (aussi depuis le tableau de bord), choisissez le jour, le permis et, si vous voulez, une ville. Seuls les chauffeurs qui ont choisi d’être visibles y apparaissent, avec leurs horaires s’ils ne sont disponibles qu’une partie de la journée.',
          ],
        },
      ],
    },
    {
      id: 'suivre',
      title: 'Suivre la livraison',
      keywords: 'suivi gps position carte camion heure d’arrivée eta retard',
      questions: [
        {
          id: 'suivi-direct',
          question: 'Comment suivre un camion en direct ?',
          keywords: 'carte temps réel localiser',
          body: [
            `Le chauffeur peut démarrer ${START_EARLY_HOURS} h avant le départ prévu. S’il accepte de partager sa position, vous la suivez sur la mission (« Suivre en direct ») : trajet, dernière position, vitesse moyenne et heure d’arrivée estimée.`,
            `[Suivi des livraisons](/delivery-tracking) montre toutes vos missions en cours sur une carte, les retards en premier. Un point arrive toutes les ${SAMPLE_MIN_SECONDS} secondes ou tous les ${SAMPLE_MIN_METERS} mètres ; sans réseau, le téléphone du chauffeur les garde et les envoie au retour du réseau.`,
          ],
        },
        {
          id: 'vie-privee',
          question: 'Quelles sont les règles de vie privée ?',
          keywords: 'rgpd confidentialité pause consultation',
          body: [
            'Le partage est un choix du chauffeur, seulement pendant la mission, jusqu’à la livraison. Il peut le mettre en pause : vous voyez « suivi en pause ».',
            `Chaque fois que vous regardez les positions, c’est noté et le chauffeur le voit. ${TRACKING_RETENTION_DAYS} jours après la fin de la mission, les positions sont effacées ; il reste un résumé du trajet (distance, durée, vitesse moyenne).`,
          ],
        },
      ],
    },
    {
      id: 'preuve-incidents',
      title: 'Preuve de livraison et incidents',
      keywords: 'cmr signature livré incident panne retard accident attente',
      questions: [
        {
          id: 'preuve',
          question: 'Que contient la preuve de livraison ?',
          keywords: 'pdf cmr bon signature photo destinataire',
          body: [
            'À la livraison, le chauffeur saisit le nom de la personne qui réceptionne, la fait signer sur son téléphone et photographie le bon de livraison ou la CMR (5 photos au plus). Relais en fait un PDF que vous téléchargez depuis la mission.',
            'Vérifiez, puis touchez « Confirmer la fin de mission » : c’est ce qui ouvre le règlement.',
          ],
        },
        {
          id: 'incidents',
          question: 'Comment suis-je prévenu d’un incident ?',
          keywords: 'retard panne accident dommage alerte',
          body: [
            'Le chauffeur signale un retard, une panne, un accident, une marchandise endommagée ou une attente au quai, avec une note et des photos. Vous recevez une alerte tout de suite ; l’incident figure sur la mission et dans la preuve de livraison.',
          ],
        },
        {
          id: 'attente',
          question: 'Les temps d’attente sont-ils facturés ?',
          keywords: 'attente quai chargement déchargement',
          body: [
            'Le chauffeur chronomètre ses attentes au chargement et à la livraison ; les totaux sont sur la mission, la preuve de livraison et la page de paiement.',
            'Pour une mission au forfait confiée à un indépendant, fixez à la publication un tarif d’attente : une franchise par opération (1 h par défaut), puis un prix HT par quart d’heure commencé. L’attente au-delà est alors ajoutée au montant dû et facturée sur sa propre ligne. Sans tarif, ou pour une mission à l’heure (qui la compte déjà), rien ne s’ajoute.',
          ],
        },
      ],
    },
    {
      id: 'paiement',
      title: 'Paiement et factures',
      keywords: 'régler payer virement stripe facture portefeuille',
      questions: [
        {
          id: 'montant',
          question: 'Comment est calculé le montant dû ?',
          keywords: 'calcul heure journée forfait tva',
          body: [
            'À la confirmation de fin de mission, Relais applique le prix convenu aux temps réels : forfait = le prix ; à l’heure = chaque quart d’heure commencé entre « Démarrer » et « Livré », une heure au moins ; à la journée = chaque jour du départ à la livraison. S’y ajoute l’attente facturée, quand un tarif d’attente a été fixé. Pour un indépendant, la TVA s’ajoute sur le tout selon son régime.',
          ],
        },
        {
          id: 'deux-modes',
          question: 'Comment régler le chauffeur ?',
          keywords: 'virement carte acompte solde stripe',
          body: [
            { live: 'paymentMode', text: 'paiement en ligne ou virement sur ce site' },
            {
              list: [
                'Par virement : vous payez le chauffeur directement, puis « Marquer comme payé » sur la page de paiement de la mission (date, référence). Le chauffeur confirme la réception ou conteste. Si l’échéance passe, vous êtes prévenus tous les deux.',
                'En ligne, quand Relais a le paiement en ligne : vous pouvez payer par carte un acompte de 30 % quand vous retenez le chauffeur, puis le solde à la fin ; « Valider la mission et payer le chauffeur » lui verse le montant. Les données de carte sont saisies chez Stripe, jamais dans Relais.',
              ],
            },
            'Relais ne prend pas de commission.',
          ],
        },
        {
          id: 'factures',
          question: 'Quels documents Relais fournit-il ?',
          keywords: 'facture autofacturation bulletin paie relevé heures coordonnées',
          body: [
            'Indépendant : la facture du chauffeur, émise par Relais en son nom, dès que ses coordonnées et votre adresse de facturation sont complètes (la page de paiement dit ce qui manque).',
            'Contrat court : un relevé d’heures et de rémunération ; vous déposez ensuite le bulletin de paie (PDF) sur la page de paiement. La rémunération suit la paie du mois.',
          ],
        },
        {
          id: 'portefeuille',
          question: 'Où suivre ce que je dois ?',
          keywords: 'portefeuille dépenses export csv compta',
          body: [
            '[Le Portefeuille](/wallet) montre ce qui est payé, à payer, en retard ou contesté, un graphique sur 12 mois et les opérations, exportables en CSV. L’historique de vos missions est dans [Historique](/mission-history), exportable aussi.',
          ],
        },
      ],
    },
    {
      id: 'avis',
      title: 'Avis',
      keywords: 'note étoiles avis réputation',
      questions: [
        {
          id: 'avis-fonctionnement',
          question: 'Comment fonctionnent les avis ?',
          keywords: 'noter évaluer double aveugle',
          body: [
            `Après la fin de la mission, vous notez le chauffeur (professionnalisme, communication, conduite, sécurité) et il vous note (professionnalisme, communication, sécurité sur site), pendant ${REVIEW_WINDOW_DAYS} jours.`,
            `Aucun ne voit l’avis de l’autre avant d’avoir écrit le sien : les deux sont publiés ensemble, ou au bout des ${REVIEW_WINDOW_DAYS} jours. Un avis injuste se signale à l’équipe Relais (« Signaler » sous l’avis, sur votre profil public).`,
          ],
        },
      ],
    },
    {
      id: 'abonnement',
      title: 'Abonnement',
      keywords: 'formule prix tarif gratuit transporteur limite messages',
      questions: [
        {
          id: 'gratuit-ou-transporteur',
          question: 'Que change la formule Transporteur ?',
          keywords: 'gratuit limite illimité',
          body: [
            `Gratuit : publication de missions sans limite, ${FREEMIUM_LIMITS.messagesPerDay} messages par jour. Formule Transporteur : messages illimités.`,
            coordinationNote('transporter'),
            'Les prix du moment sont sur [Plans & Tarifs](/pricing).',
          ],
        },
        {
          id: 'souscrire',
          question: 'Comment souscrire ou résilier ?',
          keywords: 'carte virement facture résiliation',
          body: [
            'Sur [votre abonnement](/driver/subscription) : avec le paiement en ligne, par carte chez Stripe (résiliable à la fin de la période) ; sinon, vous envoyez une demande, un administrateur active la formule et Relais émet la facture, à régler par virement sous 30 jours. Chaque facture (Factur-X, lisible par votre logiciel comptable) se télécharge sur la même page, dès que votre [adresse de facturation](/facturation) est indiquée.',
          ],
        },
      ],
    },
    {
      id: 'statistiques',
      title: 'Statistiques',
      keywords: 'analytics chiffres tableau export csv',
      questions: [
        {
          id: 'analytics',
          question: 'Où voir les chiffres de mon activité ?',
          keywords: 'taux remplissage dépenses délai',
          body: [
            '[Analytics Avancés](/analytics) donne vos chiffres par période, comparés à la période précédente : missions publiées, taux de missions pourvues, délai avant la première candidature et avant l’attribution, dépenses par mois, note moyenne des chauffeurs, livraisons à l’heure. Export CSV en un geste.',
            'Le [tableau de bord](/dashboard) résume l’essentiel du jour.',
          ],
        },
      ],
    },
    ...commonSections('transporter'),
  ],
};
